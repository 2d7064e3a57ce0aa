import { formatResultDate } from '../../../contract/result-date';
import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { sharedVerticalReceiptView, type KindReceiptView } from '../vertical-jump';
import { html, layout } from './public-html';

/** The kinds' public receipt views, by what each module offers (decision 243); the first that has it answers. */
const VIEWS: ((
  db: Db,
  storage: Storage,
  playerId: number,
  requestId: number,
) => Promise<KindReceiptView | null>)[] = [sharedVerticalReceiptView];

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
  let v: KindReceiptView | null = null;
  for (const view of VIEWS) v ??= await view(db, storage, playerId, requestId);
  if (!v) return null;
  const body = html`
  <p><a href="${ctx.profilePath}">← ${ctx.name}</a></p>
  <section class="card"><div class="label">Receipt · ${v.label}</div>
    <div class="big">${v.headline}</div>
    <div class="summary"><p>${v.text}.</p><p>${v.summary}</p></div>
    <p class="muted">${v.season} season · verified ${formatResultDate(ctx.completedAt)}</p>
  </section>
  <section class="card"><div class="label">${v.stillsTitle}</div>
    <div class="stills">${v.stills.map(
      (s) => html`<figure><img src="${s.url}" alt="${s.label}" loading="lazy">
      <figcaption>${s.label} · frame ${s.frameIndex + 1} at ${s.time.toFixed(3)} s</figcaption></figure>`,
    )}</div>
  </section>
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
