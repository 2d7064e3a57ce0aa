import { and, eq } from 'drizzle-orm';
import { findAnalysisKind } from '../../../contract/analysis-kinds';
import { boundInWords, formatSpeed } from '../../../contract/measurement-math';
import { LANDMARK_LABELS } from '../../../contract/measurements';
import { formatResultDate } from '../../../contract/result-date';
import { receiptSummary } from '../../../contract/receipt-summary';
import {
  TRACKED_GROUND_POINT,
  trackedBoundInWords,
  trackedWindowInWords,
} from '../../../contract/tracked-receipt';
import { VERIFIED_BY_TWO } from '../../../contract/sharing';
import { followedInWords, followStep } from '../../../contract/tracking';
import type { Db } from '../../db/client';
import { analysisRequests, measurementAudits } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { latestReceipt, storedMeasurement, trackStillsOf, type ReceiptData } from '../measurements';
import { bigSpeed, html, layout } from './public-html';

/** Longer than the page cache, so a cached page never holds an expired still. */
const STILL_TTL_SECONDS = 4 * 3600;
const fixed = (n: number, d = 2) => n.toFixed(d);

/** A tracked Max Speed's velocity profile (decision 210) as an inline chart: mph against seconds. */
function profileChart(
  profile: { time: number; mph: number }[],
  window: { fromTime: number; toTime: number },
) {
  if (profile.length < 2) return '';
  const [W, H, pad] = [600, 180, 28];
  const t0 = profile[0].time;
  const t1 = profile[profile.length - 1].time;
  const lo = Math.floor(Math.min(...profile.map((p) => p.mph)) - 1);
  const hi = Math.ceil(Math.max(...profile.map((p) => p.mph)) + 1);
  const x = (t: number) => pad + ((t - t0) / Math.max(1e-9, t1 - t0)) * (W - 2 * pad);
  const y = (mph: number) => H - pad - ((mph - lo) / Math.max(1e-9, hi - lo)) * (H - 2 * pad);
  const points = profile.map((p) => `${x(p.time).toFixed(1)},${y(p.mph).toFixed(1)}`).join(' ');
  return html`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Speed by time, fastest 10 yards shaded" style="width:100%;height:auto">
    <rect x="${x(window.fromTime).toFixed(1)}" y="${pad}" width="${(x(window.toTime) - x(window.fromTime)).toFixed(1)}" height="${H - 2 * pad}" fill="#4ade80" fill-opacity="0.2"/>
    <polyline points="${points}" fill="none" stroke="#1d4ed8" stroke-width="2.5"/>
    <text x="${pad}" y="${pad - 8}" font-size="12" fill="#475569">${hi} mph</text>
    <text x="${pad}" y="${H - 8}" font-size="12" fill="#475569">${lo} mph · 0 s</text>
    <text x="${W - pad}" y="${H - 8}" font-size="12" fill="#475569" text-anchor="end">${fixed(t1 - t0, 1)} s</text>
  </svg>`;
}

/**
 * The public view of one receipt: only a completed max-speed request of the shared player, latest
 * revision; the analysts' names and file hashes of the private receipt are left out.
 */
export async function renderPublicReceipt(
  db: Db,
  storage: Storage,
  playerId: number,
  requestId: number,
  ctx: { url: string; profilePath: string; name: string },
) {
  const [req] = await db
    .select()
    .from(analysisRequests)
    .where(and(eq(analysisRequests.id, requestId), eq(analysisRequests.playerId, playerId)));
  // The page of a Max Speed receipt (its latest revision; decisions 279, 284); the other kinds' have their own.
  if (!req || req.status !== 'completed' || findAnalysisKind(req.requestType)?.resultField !== 'maxSpeed')
    return null;
  const row = await latestReceipt(db, requestId);
  if (!row) return null;
  const [audit] = await db.select().from(measurementAudits).where(eq(measurementAudits.requestId, requestId));
  const d = row.data as ReceiptData;
  const m = storedMeasurement(d.measurement);
  const stills = m.marks.map((mk, i) => ({ ...mk, url: storage.url(row.stillKeys[i], STILL_TTL_SECONDS) }));
  const speed = formatSpeed(row.maxSpeed, row.plusMinus);
  const windowStills = trackStillsOf(m, row.stillKeys, (k) => storage.url(k, STILL_TTL_SECONDS));
  // A tracked value (decision 210) has its own window, bound and ground point; the marks are a cross-check.
  const track = m.tracked?.result;
  const marksWindow = `yard ${m.window.fromYard} to ${m.window.toYard} in ${fixed(m.window.seconds, 3)} s (between ${fixed(m.window.mphLow, 1)} and ${m.window.mphHigh === null ? 'no upper bound' : `${fixed(m.window.mphHigh, 1)} mph`})`;
  const summary = receiptSummary(
    {
      measured: { maxSpeed: m.maxSpeed, plusMinus: m.plusMinus },
      methodLabel: m.methodLabel,
      fpsLabel: m.fpsLabel,
      crossings: m.marks.length,
      window: m.window,
      tracked: m.tracked?.result.maxSpeed
        ? {
            frames: m.tracked.result.fit.framesUsed,
            followStep: followStep(m.tracked.result.frames),
            ...m.tracked.result.maxSpeed,
          }
        : null,
      override: row.overrideReason ? { maxSpeed: row.maxSpeed } : null,
    },
    'the',
  );
  // A plain summary first; the file's evidence behind a closed 'Technical details' (decision 208).
  const body = html`
  <p><a href="${ctx.profilePath}">← ${ctx.name}</a></p>
  <section class="card"><div class="label">Receipt · Verified Max Speed</div>
    <div class="big">${bigSpeed(row.maxSpeed, row.plusMinus)}</div>
    ${audit?.status === 'agreed' ? html`<p><span class="badge">${VERIFIED_BY_TWO}</span> <span class="muted">A second analyst measured ${formatSpeed(audit.auditSpeed!, audit.auditPlusMinus)} without seeing this result.</span></p>` : ''}
    <div class="summary">${summary.map((line) => html`<p>${line}</p>`)}</div>
    ${row.overrideReason ? html`<p><strong>Value set by the analyst:</strong> ${speed}. Reason: ${row.overrideReason}</p>` : ''}
    <p class="muted">${d.request.position ? `${d.request.position} · ` : ''}${d.request.season} season · verified ${formatResultDate(req.completedAt)}</p>
  </section>
  ${
    m.tracked?.result.maxSpeed
      ? html`<section class="card"><div class="label">Velocity profile</div>
    ${profileChart(m.tracked.result.profile, m.tracked.result.maxSpeed)}
    <p class="muted">Method: ${row.methodLabel}: the player followed by the tracker ${followedInWords(followStep(m.tracked.result.frames))} from the analyst's click, the position against time fitted as a smooth curve; the Max Speed is its fastest 10 yards.</p>
  </section>`
      : ''
  }
  ${
    windowStills.length
      ? html`<section class="card"><div class="label">The fastest 10 yards, as tracked</div>
    <div class="stills">${windowStills.map(
      (
        s,
      ) => html`<figure><img src="${s.url}" alt="${s.which === 'first' ? 'Start' : 'End'} of the fastest 10 yards, with the tracked player boxed and the ground point marked" loading="lazy">
      <figcaption>${s.which === 'first' ? 'Start' : 'End'} · frame ${s.frameIndex + 1} at ${fixed(s.time, 3)} s</figcaption></figure>`,
    )}</div>
  </section>`
      : ''
  }
  <section class="card"><div class="label">Each crossing</div>
    <div class="stills">${stills.map(
      (s) => html`<figure><img src="${s.url}" alt="The ${s.yardLine}-yard line crossing" loading="lazy">
      <figcaption>${s.yardLine}-yard line · at ${fixed(s.time, 3)} s</figcaption></figure>`,
    )}</div>
  </section>
  <section class="card"><div class="label">Splits</div>
    <table><thead><tr><th>From yard</th><th>To yard</th><th>Yards</th><th>Seconds</th><th>mph</th></tr></thead>
    <tbody>${m.intervals.map((s) => html`<tr><td>${s.fromYard}</td><td>${s.toYard}</td><td>${s.yards}</td><td>${fixed(s.seconds, 3)}</td><td>${fixed(s.mph, 1)}</td></tr>`)}</tbody></table>
  </section>
  <section class="card"><div class="label">What the ± covers</div><p class="muted">${track ? trackedBoundInWords(track) : boundInWords(m.oneFrameMph)}</p></section>
  <details class="card"><summary>Technical details</summary>
    ${
      track?.maxSpeed
        ? html`<p class="muted">Method: ${row.methodLabel} · ${TRACKED_GROUND_POINT}</p>
    <p class="muted">Fastest window (tracked): ${trackedWindowInWords(track.maxSpeed, track.fit.leanShiftYards)}.</p>
    <p class="muted">Cross-check from the proposed crossings: ${marksWindow}.</p>`
        : html`<p class="muted">Method: ${row.methodLabel} · landmark: ${LANDMARK_LABELS[d.landmark]}</p>
    <p class="muted">Fastest ${m.window.yards}-yard window: ${marksWindow}.</p>`
    }
    <p class="muted">Video: ${d.video.width}x${d.video.height}, ${d.video.nominalFps} fps${d.video.variableFrameRate ? ' (variable frame rate)' : ''}, ${d.video.frameCount} frames.</p>
    <p class="muted">${track ? "The track's proposed crossing frames" : 'Marked frames'} (numbered from 1): ${stills.map((s) => `${s.yardLine}-yard line frame ${s.frameIndex + 1}`).join(' · ')}.</p>
  </details>`;
  return layout(
    {
      title: `Receipt: ${ctx.name} ${speed} · Verified Athlete`,
      description: `How ${ctx.name}'s verified Max Speed of ${speed} was measured: marked frames, splits and method.`,
      url: ctx.url,
    },
    body,
  );
}
