import { and, asc, eq, inArray } from 'drizzle-orm';
import { fortyBoundWords } from '../../../contract/forty-math';
import type { FortyReceipt, FortyResult } from '../../../contract/forty';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { analysisRequests, fortyReceipts, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import {
  analystNameOf,
  filmedReceiptData,
  filmedReceiptHead,
  storeFilmedStills,
  type FilmedReceiptData,
} from '../measurements';
import { viewablePlayer } from '../players';
import type { TimedForty } from './forty-measure.service';

const RECEIPT_NOT_FOUND = 'Receipt not found';

/** The frames the receipt shows, in still order: start, finish, the two lines, then the split lines. */
function stillFrames(t: TimedForty) {
  const line = (y: number) => t.marks.lines.find((l) => l.yardLine === y)!;
  const splits = t.marks.lines
    .filter((l) => l.yardLine > 0 && l.yardLine < 40)
    .sort((a, b) => a.yardLine - b.yardLine);
  return [
    { label: 'Start: first movement', frameIndex: t.marks.startFrame },
    { label: 'Finish: torso crosses the 40-yard line', frameIndex: t.marks.finishFrame },
    { label: 'Start line (0) visible', frameIndex: line(0).frameIndex },
    { label: 'Finish line (40) visible', frameIndex: line(40).frameIndex },
    ...splits.map((l) => ({ label: `${l.yardLine}-yard line crossed`, frameIndex: l.frameIndex })),
  ];
}

/** One JPEG per still frame, extracted from the file the analyst marked; private keys. */
export const storeFortyStills = (storage: Storage, t: TimedForty) =>
  storeFilmedStills(storage, t, stillFrames(t));

interface FortyReceiptData extends FilmedReceiptData<FortyReceipt['marks'], FortyReceipt['result']> {
  proposal?: FortyReceipt['proposal'];
  /** What the re-check of decision 241 found, when it held this 40. */
  recheck?: NonNullable<FortyReceipt['recheck']>;
  /** The result stored before an analyst completed the held 40 again. */
  previous?: Pick<FortyReceiptData, 'marks' | 'result'> & { analystName: string };
}

export async function insertFortyReceipt(
  tx: Tx,
  input: {
    request: { id: number; season: number };
    analyst: UserRow;
    t: TimedForty;
    stillKeys: string[];
    proposal?: FortyReceipt['proposal'];
  },
) {
  const { t } = input;
  const data: FortyReceiptData = {
    ...(await filmedReceiptData(tx, t, input.request.season, stillFrames(t))),
    proposal: input.proposal ?? null,
  };
  // A 40 held by the re-check (decision 241) and completed again: the receipt keeps what was stored before.
  const [before] = await tx
    .select({ data: fortyReceipts.data, analystName: fortyReceipts.analystName })
    .from(fortyReceipts)
    .where(eq(fortyReceipts.requestId, input.request.id));
  const values = {
    requestId: input.request.id,
    videoId: t.video.id,
    analystId: input.analyst.id,
    analystName: analystNameOf(input.analyst),
    seconds: t.result.seconds,
    plusMinus: t.result.plusMinusSeconds,
    methodLabel: t.result.method,
    data: before
      ? { ...data, previous: { ...(before.data as object), analystName: before.analystName } }
      : data,
    stillKeys: input.stillKeys,
  };
  await tx
    .insert(fortyReceipts)
    .values(values)
    .onConflictDoUpdate({ target: fortyReceipts.requestId, set: values });
}

/** The receipt as the API answers it, with signed URLs of its stills. */
export function toFortyReceipt(storage: Storage, row: typeof fortyReceipts.$inferSelect): FortyReceipt {
  const data = row.data as FortyReceiptData;
  return {
    ...filmedReceiptHead(storage, row, data),
    boundInWords: fortyBoundWords(data.result.framesInDoubt),
    recheck: data.recheck ?? null,
    previous: data.previous
      ? {
          seconds: data.previous.result.seconds,
          plusMinusSeconds: data.previous.result.plusMinusSeconds,
          method: data.previous.result.method,
          analystName: data.previous.analystName,
          startFrame: data.previous.marks.startFrame,
          finishFrame: data.previous.marks.finishFrame,
        }
      : null,
    proposal: data.proposal ?? null,
  };
}

/** The receipt of a request the user may see (the owner family, analysts, admins); anyone else 404. */
export async function readFortyReceipt(db: Db, storage: Storage, user: UserRow, requestId: number) {
  const [row] = await db
    .select({ receipt: fortyReceipts, playerId: analysisRequests.playerId, status: analysisRequests.status })
    .from(fortyReceipts)
    .innerJoin(analysisRequests, eq(analysisRequests.id, fortyReceipts.requestId))
    .where(
      and(eq(fortyReceipts.requestId, requestId), inArray(analysisRequests.status, ['completed', 'held'])),
    );
  // A 40 held by the re-check (decision 241) is read by the staff who confirm it; families see it again then.
  if (!row || (row.status === 'held' && user.role !== 'analyst' && user.role !== 'admin'))
    throw notFound(RECEIPT_NOT_FOUND);
  await viewablePlayer(db, user, row.playerId).catch(() => {
    throw notFound(RECEIPT_NOT_FOUND);
  });
  return toFortyReceipt(storage, row.receipt);
}

/** A completed 40 of a shared player's public page (the caller checks the share); null otherwise. */
export async function readSharedFortyReceipt(db: Db, storage: Storage, playerId: number, requestId: number) {
  const [row] = await db
    .select({ receipt: fortyReceipts, completedAt: analysisRequests.completedAt })
    .from(fortyReceipts)
    .innerJoin(analysisRequests, eq(analysisRequests.id, fortyReceipts.requestId))
    .where(
      and(
        eq(fortyReceipts.requestId, requestId),
        eq(analysisRequests.playerId, playerId),
        eq(analysisRequests.status, 'completed'),
      ),
    );
  if (!row) return null;
  return { receipt: toFortyReceipt(storage, row.receipt), completedAt: row.completedAt };
}

/** A player's completed verified 40s, best (lowest) first; the caller checks who may see them. */
export async function fortyResultsOf(db: DbOrTx, playerId: number): Promise<FortyResult[]> {
  const rows = await db
    .select({
      receipt: fortyReceipts,
      season: analysisRequests.season,
      completedAt: analysisRequests.completedAt,
    })
    .from(fortyReceipts)
    .innerJoin(analysisRequests, eq(analysisRequests.id, fortyReceipts.requestId))
    .where(and(eq(analysisRequests.playerId, playerId), eq(analysisRequests.status, 'completed')))
    .orderBy(asc(fortyReceipts.seconds), asc(fortyReceipts.id));
  return rows.map(({ receipt, season, completedAt }) => {
    const data = receipt.data as FortyReceiptData;
    return {
      requestId: receipt.requestId,
      season,
      seconds: receipt.seconds,
      plusMinusSeconds: receipt.plusMinus,
      method: receipt.methodLabel,
      splits: data.result.splits.map(({ yardLine, seconds, plusMinusSeconds }) => ({
        yardLine,
        seconds,
        plusMinusSeconds,
      })),
      completedAt: completedAt?.toISOString() ?? null,
    };
  });
}

export async function readFortyResults(db: Db, user: UserRow, playerId: number) {
  await viewablePlayer(db, user, playerId);
  return fortyResultsOf(db, playerId);
}
