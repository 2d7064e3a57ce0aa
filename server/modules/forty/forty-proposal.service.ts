import { and, eq } from 'drizzle-orm';
import type {
  FortyMeasurement,
  FortyProposal,
  FortyProposalInput,
  FortyProposalResult,
  FortyReceipt,
} from '../../../contract/forty';
import { markAgainstProposal } from '../../../contract/forty-math';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { enqueueLongJob, progressWriter } from '../../lib/jobs';
import type { Storage } from '../../lib/storage';
import { videoMedia, withUprightClip } from '../measurements';
import { proposeForty } from './forty-propose';

/**
 * A proposal of a 40's frames is a job of the queue, as a track is (decisions 210, 212): its row holds the
 * status, the attempts and the error, its payload the clicks, the progress and the result. Completing with
 * `proposalId` copies the proposal onto the receipt beside the frames the analyst confirmed.
 */
export const FORTY_PROPOSAL_JOB = 'forty-proposal';

interface ProposalPayload extends FortyProposalInput {
  userId: number;
  progress: number;
  result?: FortyProposalResult;
}

const PROPOSAL_NOT_FOUND = 'Proposal not found';
const CLICK_OUTSIDE = 'The click must be on a frame of the video';

export async function startFortyProposal(
  db: Db,
  storage: Storage,
  userId: number,
  input: FortyProposalInput,
) {
  const { media } = await videoMedia(db, storage, input.videoId);
  for (const field of ['startLine', 'finishLine'] as const)
    if (input[field].frameIndex >= media.frameCount)
      throw badRequest(CLICK_OUTSIDE, { [field]: CLICK_OUTSIDE });
  const payload: ProposalPayload = { ...input, userId, progress: 0 };
  // At most 3 long jobs per user queued or running: a 429 past that (issue 50).
  const id = await enqueueLongJob(db, FORTY_PROPOSAL_JOB, userId, { ...payload });
  return { id, status: 'queued' as const };
}

async function proposalRow(db: Db, id: number) {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.type, FORTY_PROPOSAL_JOB)));
  if (!job) throw notFound(PROPOSAL_NOT_FOUND);
  return { job, payload: job.payload as ProposalPayload };
}

export async function readFortyProposal(db: Db, id: number): Promise<FortyProposal> {
  const { job, payload } = await proposalRow(db, id);
  return {
    id: job.id,
    status: job.status,
    progress: job.status === 'done' ? 1 : payload.progress,
    ...(job.status === 'failed' ? { error: job.lastError ?? 'The proposal failed' } : {}),
    ...(payload.result ? { result: payload.result } : {}),
  };
}

const lineName = (y: number) =>
  y === 0 ? 'Start line (0)' : y === 40 ? 'Finish line (40)' : `${y}-yard line`;

/** What the analyst changed of the proposal, frame numbers as the workbench shows them (from 1). */
function proposalChanges(p: FortyProposalResult, marks: FortyMeasurement): string[] {
  const out: string[] = [];
  const compare = (name: string, proposed: number | null | undefined, marked: number | undefined) => {
    if (proposed === marked) return;
    if (marked === undefined) out.push(`${name}: proposed at frame ${proposed! + 1}, not kept`);
    else if (proposed === null || proposed === undefined)
      out.push(`${name}: marked by the analyst at frame ${marked + 1} (not proposed)`);
    else out.push(`${name}: moved from frame ${proposed + 1} to frame ${marked + 1}`);
  };
  compare('Start', p.startFrame, marks.startFrame);
  compare('Finish', p.finishFrame, marks.finishFrame);
  for (const y of [0, 10, 20, 30, 40])
    compare(
      lineName(y),
      p.lines.find((l) => l.yardLine === y)?.frameIndex,
      marks.lines.find((l) => l.yardLine === y)?.frameIndex,
    );
  return out;
}

/**
 * The finished proposal the marks were made from (none without `proposalId`), checked against them: 400 when
 * it is of another clip or not done, and when the start or the finish is marked outside the frames it found
 * (decision 332), for the preview as for the completion.
 */
export async function proposalOfMarks(db: Db, marks: FortyMeasurement) {
  if (marks.proposalId === undefined) return null;
  const { job, payload } = await proposalRow(db, marks.proposalId);
  if (payload.videoId !== marks.videoId)
    throw badRequest('The proposal is of another video', { measurement: 'proposalId' });
  if (job.status !== 'done' || !payload.result)
    throw badRequest('The proposal is not finished yet', { measurement: 'proposalId' });
  const result = payload.result;
  const start = markAgainstProposal('start', marks.startFrame, {
    frame: result.startFrame,
    between: result.startBetween,
  });
  if (start) throw badRequest(start, { startFrame: start });
  const finish = markAgainstProposal('finish', marks.finishFrame, {
    frame: result.finishFrame,
    between: result.finishBetween,
  });
  if (finish) throw badRequest(finish, { finishFrame: finish });
  return { job, result };
}

/**
 * A finished proposal of this video as the receipt keeps it, with what the analyst changed (400 when it
 * is of another clip or not done).
 */
export async function proposalForReceipt(db: Db, marks: FortyMeasurement): Promise<FortyReceipt['proposal']> {
  const found = await proposalOfMarks(db, marks);
  if (!found) return null;
  const { job, result: r } = found;
  return {
    id: job.id,
    algorithm: r.algorithm,
    version: r.version,
    startFrame: r.startFrame,
    finishFrame: r.finishFrame,
    lines: r.lines,
    notes: r.notes,
    changes: proposalChanges(r, marks),
  };
}

export function fortyProposalJobHandlers(db: Db, storage: Storage) {
  return {
    [FORTY_PROPOSAL_JOB]: async (raw: unknown, job: { id: number }) => {
      const payload = raw as ProposalPayload;
      const progress = progressWriter(db, job.id, { ...payload }, 0.1);
      const result = await withUprightClip(db, storage, payload.videoId, (clip, timeline) =>
        proposeForty({
          ...clip,
          frameTimes: timeline.times,
          startLine: payload.startLine,
          finishLine: payload.finishLine,
          onProgress: progress.onProgress,
        }),
      );
      await progress.settled();
      const done: ProposalPayload = { ...payload, progress: 1, result };
      await db.update(jobs).set({ payload: done }).where(eq(jobs.id, job.id));
    },
  };
}
