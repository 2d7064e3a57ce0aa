import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FORTY_MAX_PLUS_MINUS, computeForty, formatForty } from '../../../contract/forty-math';
import type { FortyReceipt } from '../../../contract/forty';
import { MeasurementError } from '../../../contract/measurement-math';
import { analysisRequests, kindReceipts, videos } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { escapeHtml } from '../auth';
import type { FamilyOf, RecheckOutcome, TellFamily } from '../measurements';
import { rebuildLeaderboard } from '../leaderboard';
import { FORTY_KIND } from './forty-receipt.service';
import { currentFrameChanges, ensureMedia, readyMedia, timelineOf, withRepeats } from '../videos';

/**
 * Every verified 40 stored so far, checked again under decision 241 (issue 49): one whose bound is above
 * the kind's ceiling, that the new rules refuse, or whose start or finish was marked just after a frame
 * the old rule refused as a repeat (and the new one does not: the true frame may be earlier) is held for
 * an analyst. A held 40 leaves the leaderboard and the coach search, its family is told, and its receipt
 * keeps the stored result beside what the check found; an analyst completes it again to confirm or
 * correct it.
 */

interface StoredData {
  marks: FortyReceipt['marks'];
  result: FortyReceipt['result'];
}

/** Why a stored 40 must be looked at again; empty when it stands under the new rules. */
async function reasonsToHold(app: FastifyInstance, stored: StoredData, videoId: number | null) {
  const reasons: string[] = [];
  const old = stored.result;
  if (old.plusMinusSeconds > FORTY_MAX_PLUS_MINUS + 1e-9)
    reasons.push(
      `It was stored with ± ${old.plusMinusSeconds.toFixed(2)} s, wider than the ± ${FORTY_MAX_PLUS_MINUS.toFixed(2)} s a verified 40 allows.`,
    );
  const [video] = videoId === null ? [] : await app.db.select().from(videos).where(eq(videos.id, videoId));
  if (!video) {
    reasons.push('Its clip is no longer stored, so it cannot be timed again.');
    return { reasons, result: null };
  }
  const before = readyMedia(await ensureMedia(app.db, app.storage, video));
  const oldRefused = Array.isArray(before.repeatedFrames) ? before.repeatedFrames : [];
  const media = await withRepeats(app.db, app.storage, video, before);
  const now = currentFrameChanges(media);
  const newRepeats = new Set(now?.repeats ?? []);
  for (const [what, frame] of [
    ['start', stored.marks.startFrame],
    ['finish', stored.marks.finishFrame],
  ] as const) {
    if (oldRefused.includes(frame - 1) && !newRepeats.has(frame - 1))
      reasons.push(
        `The ${what} was marked on frame ${frame + 1} because frame ${frame} was refused as a repeated picture; it is not one, so the ${what} may be earlier.`,
      );
  }
  try {
    const result = { videoId: video.id, ...computeForty(timelineOf(media), stored.marks) };
    reasons.push(...result.qualityProblems);
    return { reasons, result };
  } catch (err) {
    if (!(err instanceof MeasurementError)) throw err;
    reasons.push(err.message);
    return { reasons, result: null };
  }
}

export async function recheckForties(app: FastifyInstance, tell: TellFamily): Promise<RecheckOutcome> {
  const rows = await app.db
    .select({ request: analysisRequests, receipt: kindReceipts })
    .from(kindReceipts)
    .innerJoin(analysisRequests, eq(analysisRequests.id, kindReceipts.requestId))
    .where(and(eq(kindReceipts.kind, FORTY_KIND), eq(analysisRequests.status, 'completed')));
  const outcome: RecheckOutcome = { checked: 0, held: [] };
  for (const { request, receipt } of rows) {
    outcome.checked += 1;
    const data = receipt.data as StoredData & Record<string, unknown>;
    const { reasons, result } = await reasonsToHold(app, data, receipt.videoId);
    if (reasons.length === 0) continue;
    const recheck = { at: new Date().toISOString(), rule: 'decision 241', reasons, result };
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
      await tx
        .update(kindReceipts)
        .set({ data: { ...data, recheck } })
        .where(eq(kindReceipts.id, receipt.id));
      return r;
    });
    if (!held) continue;
    outcome.held.push({ requestId: request.id, reasons });
    const time = formatForty(data.result.seconds, data.result.plusMinusSeconds);
    await tell(request.playerId, (who) => recheckMail(who, time, reasons));
  }
  // A held 40 ranks nowhere until an analyst confirms it (the coach search follows the request's status).
  if (outcome.held.length) await rebuildLeaderboard(app.db);
  return outcome;
}

function recheckMail(who: FamilyOf, time: string, reasons: string[]): Mail {
  const intro = `We checked every verified 40 again with a stricter rule for reading phone video. ${who.playerName}'s verified 40 (${time}) is being looked at again by an analyst: ${reasons.join(' ')}`;
  const after =
    'Until an analyst confirms or corrects it, it is not shown on the player card, the leaderboard, the public profile or to college coaches. We will email you when it is done; there is nothing you need to do.';
  const url = `${who.appUrl}/players/${who.playerId}`;
  return {
    to: who.to,
    subject: `${who.playerName}'s verified 40 is being checked again`,
    text: `Hi ${who.firstName ?? 'there'},\n\n${intro}\n\n${after}\n\n${url}`,
    html: `<p>Hi ${escapeHtml(who.firstName ?? 'there')},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(after)}</p><p><a href="${url}">Open the player card</a></p>`,
  };
}
