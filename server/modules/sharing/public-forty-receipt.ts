import { formatForty, proposalInWords } from '../../../contract/forty-math';
import { formatResultDate } from '../../../contract/result-date';
import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { readSharedFortyReceipt } from '../forty';
import { html, layout } from './public-html';

const fixed = (n: number, d = 4) => n.toFixed(d);

/**
 * The public view of a verified 40's receipt (decision 209): only a completed 40 of the shared player;
 * the analyst's name and the file hash are left out. A plain summary first, 'Technical details' below.
 */
export async function renderPublicFortyReceipt(
  db: Db,
  storage: Storage,
  playerId: number,
  requestId: number,
  ctx: { url: string; profilePath: string; name: string },
) {
  const shared = await readSharedFortyReceipt(db, storage, playerId, requestId);
  if (!shared) return null;
  const { receipt: r, completedAt } = shared;
  const res = r.result;
  const time = formatForty(res.seconds, res.plusMinusSeconds, res.method);
  const splits = res.splits.map(
    (s) => `${s.yardLine}-yard split ${formatForty(s.seconds, s.plusMinusSeconds)}`,
  );
  const body = html`
  <p><a href="${ctx.profilePath}">← ${ctx.name}</a></p>
  <section class="card"><div class="label">Receipt · Verified 40</div>
    <div class="big">${formatForty(res.seconds, res.plusMinusSeconds)}</div>
    <div class="summary"><p>${time}: 40 yards from the first movement to the torso crossing the finish line, timed frame by frame on the family's video.</p>
    ${splits.length ? html`<p>${splits.join(' · ')}</p>` : ''}</div>
    <p class="muted">${r.season} season · verified ${formatResultDate(completedAt)}</p>
  </section>
  <section class="card"><div class="label">Start, finish and the lines</div>
    <div class="stills">${r.stills.map(
      (s) => html`<figure><img src="${s.url}" alt="${s.label}" loading="lazy">
      <figcaption>${s.label} · at ${fixed(s.time, 3)} s</figcaption></figure>`,
    )}</div>
  </section>
  <section class="card"><div class="label">What the ± covers</div><p class="muted">${r.boundInWords}</p></section>
  <details class="card"><summary>Technical details</summary>
    <p class="muted">Time: ${fixed(res.finishTime)} s − ${fixed(res.startTime)} s = ${fixed(res.rawSeconds)} s; the frames allow ${fixed(res.secondsMin)} to ${fixed(res.secondsMax)} s.</p>
    <p class="muted">Video: ${r.video.width}x${r.video.height}, ${r.video.nominalFps} fps${r.video.variableFrameRate ? ' (variable frame rate)' : ''}, ${r.video.frameCount} frames; ${res.realFps.toFixed(1)} real frames a second between start and finish.</p>
    <p class="muted">Marked frames (numbered from 1): ${r.stills.map((s) => `${s.label} frame ${s.frameIndex + 1}`).join(' · ')}.</p>
    <p class="muted">${proposalInWords(r.proposal)}</p>
  </details>`;
  return layout(
    {
      title: `Receipt: ${ctx.name} 40-yard dash ${formatForty(res.seconds, res.plusMinusSeconds)} · Verified Athlete`,
      description: `How ${ctx.name}'s verified 40 of ${time} was timed: start, finish and lines, frame by frame.`,
      url: ctx.url,
    },
    body,
  );
}
