import { and, desc, eq, sql } from 'drizzle-orm';
import { clipKinds, type ClipReadiness } from '../../../contract/readiness';
import type { Db, DbOrTx } from '../../db/client';
import { jobs, videos } from '../../db/schema';
import { enqueueJob, newestVideoJob, notifyJobWorkers } from '../../lib/jobs';

/**
 * Clip readiness (issue 52, decision 247): a `readiness-check` job per clip, queued when its processing
 * ends, whose payload keeps the result (no column of its own: the check can always be run again, and is
 * when the finished job has been purged). The kinds' checks run in the analysis module, which knows them
 * (`analysis/readiness/`); this module queues the check and reads what it found.
 */
export const READINESS_JOB = 'readiness-check';

export interface ReadinessPayload {
  videoId: number;
  result?: ClipReadiness;
  /** The checks' rules the result was found by (`READINESS_RULES`); absent before decision 350. */
  rules?: number;
}

/**
 * The checks' rules: raised when a check is added that can refuse a clip an earlier one let through, so a
 * result found by older rules is found again the next time it is read. 2: a still camera is not ready for a
 * Max Speed (decision 350).
 */
const READINESS_RULES = 2;

type VideoRow = typeof videos.$inferSelect;

const UNREADABLE = 'This clip could not be read as a video. Upload the original file from the phone again.';
const NOT_CHECKED =
  'This clip could not be checked. Upload the original file from the phone again, or choose another clip.';

/** Every clip kind with the same problems (a file that cannot be read serves none of them). */
export const sameForEveryKind = (problems: string[]): ClipReadiness => ({
  kinds: Object.fromEntries(clipKinds().map((k) => [k.key, { ready: problems.length === 0, problems }])),
});

/** Queues the check of a clip (in the caller's transaction, so it exists exactly when the clip is ready). */
export const enqueueReadiness = (db: DbOrTx, videoId: number) =>
  enqueueJob(db, READINESS_JOB, { videoId } satisfies ReadinessPayload);

/** The newest check of a clip: its job's status and, once done, what it found. */
async function latestCheck(db: DbOrTx, videoId: number) {
  const row = await newestVideoJob(db, READINESS_JOB, videoId);
  return row ? { ...row, payload: row.payload as ReadinessPayload } : undefined;
}

/**
 * What is known of a clip's readiness: its result, `checking` while it is processed or checked, `failed`
 * when its check failed (a failed check is no verdict on the clip). A clip whose check was never run
 * (uploaded before checks existed) or was purged is queued for one now.
 */
export async function readinessState(
  db: Db,
  video: VideoRow,
): Promise<{ result: ClipReadiness } | { checking: true } | { failed: true }> {
  if (video.status === 'failed' || !video.storageKey) return { result: sameForEveryKind([UNREADABLE]) };
  if (video.status === 'pending') return { checking: true };
  const check = await latestCheck(db, video.id);
  // The newest check, or where it finished without a result of its own (queued twice at once, it found the
  // clip checked by the other), the newest one that has a result.
  const found =
    check?.status === 'done' ? (current(check.payload) ?? (await newestResult(db, video.id))) : null;
  if (found) return { result: found };
  if (check?.status === 'failed') return { failed: true };
  if (!check || check.status === 'done') {
    await enqueueReadiness(db, video.id);
    notifyJobWorkers();
  }
  return { checking: true };
}

/** The readiness call's answer: null while checking; a failed check says so for every kind. */
export async function storedReadiness(db: Db, video: VideoRow): Promise<ClipReadiness | null> {
  const state = await readinessState(db, video);
  if ('result' in state) return state.result;
  if ('failed' in state) return sameForEveryKind([NOT_CHECKED]);
  return null;
}

/**
 * A stored result that holds today: found by the current rules, with every kind. A result stored before a kind
 * existed says nothing of it, and one found by older rules may have let through what they now refuse: either
 * is checked again on the next run.
 */
function current(payload: ReadinessPayload): ClipReadiness | null {
  const { result, rules = 1 } = payload;
  if (!result || rules < READINESS_RULES) return null;
  return clipKinds().every((k) => result.kinds[k.key]) ? result : null;
}

/** Records a check's result on its job (the worker then marks it done). */
export async function saveReadiness(db: DbOrTx, jobId: number, payload: ReadinessPayload) {
  await db
    .update(jobs)
    .set({ payload: { ...payload, rules: READINESS_RULES } satisfies ReadinessPayload })
    .where(eq(jobs.id, jobId));
}

/** A result found outside the queue (a request that could not wait): kept as a finished check. */
export async function recordReadiness(db: DbOrTx, videoId: number, result: ClipReadiness) {
  await db.insert(jobs).values({
    type: READINESS_JOB,
    status: 'done',
    attempts: 1,
    payload: { videoId, result, rules: READINESS_RULES } satisfies ReadinessPayload,
  });
}

/** The newest result a finished check of the clip holds, if it holds today (`current`); null otherwise. */
async function newestResult(db: DbOrTx, videoId: number) {
  const [row] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.type, READINESS_JOB),
        eq(jobs.status, 'done'),
        sql`${jobs.payload}->>'videoId' = ${String(videoId)}`,
        sql`${jobs.payload}->'result' is not null`,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return row ? current(row.payload as ReadinessPayload) : null;
}

/** Whether a finished check of the clip holds a result for every kind (a queued check then has nothing to do). */
export const alreadyChecked = async (db: DbOrTx, videoId: number) =>
  (await newestResult(db, videoId)) !== null;
