import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatStatedSpeed } from '../../../../contract/measurement-math';
import type { MeasurementResult } from '../../../../contract/measurements';
import { analysisRequests, videos } from '../../../db/schema';
import type { Mail } from '../../../lib/mailer';
import type { FamilyOf, RecheckOutcome, TellFamily } from '../rechecks';
import { escapeHtml } from '../../auth';
import { recomputePlayerSpeed } from '../correction.service';
import { setReceiptData, standingReceiptsOfCompleted, type ReceiptData } from '../receipt.service';
import { fitTrack, trackVerdict } from './fit-result';
import { withUprightClip } from './job-clip';
import { TRACKER, trackClip } from './track-clip';

/**
 * Every tracked Max Speed stored so far, tracked and fitted again under the current tracker (issue 48):
 * from the analyst's clicks of the stored track, with nobody to answer its questions. One that the tracker
 * would now stop on (another player who looks the same, a lost stretch), refuse, or whose new bound does
 * not hold the stored value is held for an analyst: it leaves the leaderboard, the player card and the
 * coach search, its family is told in plain words, and its receipt keeps the stored result beside what the
 * check found. An analyst completes it again to confirm or correct it (as a held 40, decision 241).
 */

type Tracked = NonNullable<MeasurementResult['tracked']>;

/** The analyst's clicks of a stored track, each frame once: what it is tracked again from. */
const clicksOf = (tracked: Tracked) =>
  [...tracked.seeds, ...tracked.corrections]
    .sort((a, b) => a.frameIndex - b.frameIndex)
    .filter((c, i, all) => i === 0 || c.frameIndex !== all[i - 1].frameIndex);

/** Why a stored tracked Max Speed must be looked at again, and what the current tracker found. */
async function reasonsToHold(app: FastifyInstance, videoId: number | null, tracked: Tracked) {
  const old = tracked.result.maxSpeed;
  if (videoId === null || !old)
    return { reasons: ['Its clip is no longer stored, so it cannot be tracked again.'], found: null };
  const clicks = clicksOf(tracked);
  const { raw, timeline } = await withUprightClip(app.db, app.storage, videoId, async (clip, timeline) => ({
    raw: await trackClip({
      ...clip,
      seconds: timeline.times[timeline.times.length - 1],
      seeds: clicks,
    }),
    timeline,
  }));
  const result = fitTrack(raw, { frameTimes: timeline.times, fps: timeline.fps, vfr: timeline.vfr });
  const found = result.maxSpeed
    ? { mph: result.maxSpeed.mph, plusMinusMph: result.maxSpeed.plusMinusMph, method: result.method }
    : null;
  // The analyst's check of the window's ends (decision 308) is a person's look, not something the tracker
  // finds: a stored number is judged by the tracker's own rules.
  const verdict = trackVerdict(raw, result, [], [], { checkWindow: false });
  const ask = verdict.needsClickAt;
  if (ask)
    return { reasons: [`The tracker now stops on frame ${ask.frameIndex + 1}: ${ask.reason}.`], found };
  if (verdict.failure || !result.maxSpeed)
    return { reasons: [`The tracker now refuses it. ${verdict.failure ?? ''}`.trim()], found };
  const now = result.maxSpeed;
  if (Math.abs(now.mph - old.mph) > now.plusMinusMph + 1e-9)
    return {
      reasons: [
        `Tracked again, it measures ${now.mph.toFixed(2)} ± ${now.plusMinusMph.toFixed(2)} mph, which does not hold the stored ${old.mph.toFixed(2)} mph.`,
      ],
      found,
    };
  return { reasons: [], found };
}

export async function recheckTrackedSpeeds(app: FastifyInstance, tell: TellFamily): Promise<RecheckOutcome> {
  const outcome: RecheckOutcome = { checked: 0, held: [] };
  // The latest revision of each request is what stands.
  for (const { request, receipt } of await standingReceiptsOfCompleted(app.db)) {
    const data = receipt.data as ReceiptData;
    const tracked = data.measurement?.tracked;
    if (!tracked) continue;
    outcome.checked += 1;
    // Tracked by the current tracker, with its questions answered by the analyst: it stands as it is.
    if (tracked.result.algorithm.version === TRACKER.version) continue;
    const { reasons, found } = await reasonsToHold(app, receipt.videoId, tracked);
    if (reasons.length === 0) continue;
    const recheck = { at: new Date().toISOString(), rule: 'issue 48', reasons, result: found };
    const held = await app.db.transaction(async (tx) => {
      const [r] = await tx
        .update(analysisRequests)
        .set({
          status: 'held',
          completedAt: null,
          metadata: { ...(request.metadata ?? {}), heldReasons: reasons, recheck },
        })
        .where(and(eq(analysisRequests.id, request.id), eq(analysisRequests.status, 'completed')))
        .returning();
      if (!r) return null;
      // The receipt keeps the stored result and what the check found beside it.
      await setReceiptData(tx, receipt.id, { ...data, recheck });
      // Off the player card and the leaderboard until an analyst confirms it.
      await tx
        .update(videos)
        .set({ maxSpeed: null, maxSpeedPlusMinus: null })
        .where(eq(videos.analysisRequestId, request.id));
      await recomputePlayerSpeed(tx, request.playerId);
      return r;
    });
    if (!held) continue;
    outcome.held.push({ requestId: request.id, reasons });
    const speed = formatStatedSpeed(receipt.maxSpeed, receipt.plusMinus);
    await tell(request.playerId, (who) => recheckMail(who, speed, reasons));
  }
  return outcome;
}

function recheckMail(who: FamilyOf, speed: string, reasons: string[]): Mail {
  const intro = `We checked every tracked Max Speed again with a stricter tracker, one that stops when it cannot tell a player from another. ${who.playerName}'s verified Max Speed (${speed}) is being looked at again by an analyst: ${reasons.join(' ')}`;
  const after =
    'Until an analyst confirms or corrects it, it is not shown on the player card, the leaderboard, the public profile or to college coaches. We will email you when it is done; there is nothing you need to do.';
  const url = `${who.appUrl}/players/${who.playerId}`;
  return {
    to: who.to,
    subject: `${who.playerName}'s verified Max Speed is being checked again`,
    text: `Hi ${who.firstName ?? 'there'},\n\n${intro}\n\n${after}\n\n${url}`,
    html: `<p>Hi ${escapeHtml(who.firstName ?? 'there')},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(after)}</p><p><a href="${url}">Open the player card</a></p>`,
  };
}
