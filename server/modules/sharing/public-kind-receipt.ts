import { findAnalysisKind, formatKindResult } from '../../../contract/analysis-kinds';
import { formatResultDate } from '../../../contract/result-date';
import type { Db } from '../../db/client';
import { completedKindReceipt } from '../measurements';
import type { Storage } from '../../lib/storage';
import { html, layout } from './public-html';
import { kindReceiptView, type KindReceiptView } from './kind-receipt-views';

/**
 * The receipt of a kind in kind_receipts: the view its module registered (decision 269), or, for a kind
 * that offers none (a kind registered in a test), what every row holds, the value, its ± and the method,
 * named and written from the kind's entry.
 */
async function kindReceiptViewOf(
  db: Db,
  storage: Storage,
  playerId: number,
  requestId: number,
): Promise<KindReceiptView | null> {
  // Any kind: the row says which (a kind's own view reads it again, by its kind).
  const row = await completedKindReceipt(db, undefined, requestId, playerId);
  const kind = findAnalysisKind(row?.receipt.kind);
  if (!row || !kind) return null;
  const view = kindReceiptView(kind.key);
  if (view) return view(db, storage, playerId, requestId);
  const r = row.receipt;
  return {
    label: kind.label,
    headline: formatKindResult(kind, r.value, r.plusMinus),
    text: formatKindResult(kind, r.value, r.plusMinus, r.methodLabel),
    summary: "Measured by an analyst on the family's video.",
    season: row.season,
    stillsTitle: 'Marked frames',
    stills: [],
    sections: [],
    technical: [`Method: ${r.methodLabel}.`],
  };
}

/**
 * The public view of a receipt in kind_receipts: only a completed result of the shared player whose kind
 * the family shows. A plain summary first, 'Technical details' below.
 */
export async function renderPublicKindReceipt(
  db: Db,
  storage: Storage,
  playerId: number,
  requestId: number,
  ctx: { url: string; profilePath: string; name: string; completedAt: string | null },
) {
  const v = await kindReceiptViewOf(db, storage, playerId, requestId);
  if (!v) return null;
  const body = html`
  <p><a href="${ctx.profilePath}">← ${ctx.name}</a></p>
  <section class="card"><div class="label">Receipt · ${v.label}</div>
    <div class="big">${v.headline}</div>
    <div class="summary"><p>${v.text}.</p><p>${v.summary}</p></div>
    <p class="muted">${v.season} season · verified ${formatResultDate(ctx.completedAt)}</p>
  </section>
  ${
    v.stills.length
      ? html`<section class="card"><div class="label">${v.stillsTitle}</div>
    <div class="stills">${v.stills.map(
      (s) => html`<figure><img src="${s.url}" alt="${s.label}" loading="lazy">
      <figcaption>${s.label} · frame ${s.frameIndex + 1} at ${s.time.toFixed(3)} s</figcaption></figure>`,
    )}</div>
  </section>`
      : ''
  }
  ${v.sections.map((s) => html`<section class="card"><div class="label">${s.title}</div><p class="muted">${s.text}</p></section>`)}
  <details class="card"><summary>Technical details</summary>
    ${v.technical.map((line) => html`<p class="muted">${line}</p>`)}
  </details>`;
  return layout(
    {
      title: `Receipt: ${ctx.name} ${v.label} ${v.headline} · Verified Athlete`,
      description: `How ${ctx.name}'s ${v.label} of ${v.text} was measured, frame by frame.`,
      url: ctx.url,
    },
    body,
  );
}
