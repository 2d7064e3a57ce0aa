import { eq } from 'drizzle-orm';
import { fortyBoundWords, formatForty, undrawnReachOf } from '../../../contract/forty-math';
import type { FortyReceipt, FortyResult } from '../../../contract/forty';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { kindReceipts, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import {
  completedKindReceipt,
  completedKindResults,
  filmedReceiptData,
  filmedReceiptHead,
  insertKindReceipt,
  storeFilmedStills,
  type FilmedReceiptData,
} from '../measurements';
import { viewablePlayer } from '../players';
import type { TimedForty } from './forty-measure.service';

/** The 40's key in the registry and in kind_receipts (migration 0045 moved its receipts there). */
export const FORTY_KIND = 'forty';
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
    .select({ data: kindReceipts.data, analystName: kindReceipts.analystName })
    .from(kindReceipts)
    .where(eq(kindReceipts.requestId, input.request.id));
  await insertKindReceipt(tx, FORTY_KIND, {
    ...input,
    value: t.result.seconds,
    plusMinus: t.result.plusMinusSeconds,
    data: before
      ? { ...data, previous: { ...(before.data as object), analystName: before.analystName } }
      : data,
  });
}

/** The receipt as the API answers it, with signed URLs of its stills. */
export function toFortyReceipt(storage: Storage, row: typeof kindReceipts.$inferSelect): FortyReceipt {
  const data = row.data as FortyReceiptData;
  return {
    ...filmedReceiptHead(storage, row, data),
    boundInWords: fortyBoundWords(data.result.framesInDoubt, undrawnReachOf(data.result)),
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
  const row = await completedKindReceipt(db, FORTY_KIND, requestId, undefined, ['completed', 'held']);
  // A 40 held by the re-check (decision 241) is read by the staff who confirm it; families see it again then.
  if (!row || (row.status === 'held' && user.role !== 'analyst' && user.role !== 'admin'))
    throw notFound(RECEIPT_NOT_FOUND);
  await viewablePlayer(db, user, row.playerId).catch(() => {
    throw notFound(RECEIPT_NOT_FOUND);
  });
  return toFortyReceipt(storage, row.receipt);
}

/** The 40's own facts beside a kind's result: its splits (the card and the public page show them). */
export const fortyDetail = (data: unknown) => ({
  splits: ((data as Partial<FortyReceiptData>).result?.splits ?? []).map(
    ({ yardLine, seconds, plusMinusSeconds }) => ({
      yardLine,
      seconds,
      plusMinusSeconds,
    }),
  ),
});

/** The 10- and 20-yard splits in words, as the public page shows them ('' when the lines were not visible). */
export const fortySplitWords = (data: unknown) =>
  fortyDetail(data)
    .splits.filter((x) => x.yardLine === 10 || x.yardLine === 20)
    .map((x) => `${x.yardLine}-yard split ${formatForty(x.seconds, x.plusMinusSeconds)}`)
    .join(' · ');

/** A player's completed verified 40s, best (lowest) first; the caller checks who may see them. */
export async function fortyResultsOf(db: DbOrTx, playerId: number): Promise<FortyResult[]> {
  const rows = await completedKindResults(db, FORTY_KIND, playerId);
  return rows.map(({ receipt, season, completedAt }) => ({
    requestId: receipt.requestId,
    season,
    seconds: receipt.value,
    plusMinusSeconds: receipt.plusMinus,
    method: receipt.methodLabel,
    ...fortyDetail(receipt.data),
    completedAt: completedAt?.toISOString() ?? null,
  }));
}

export async function readFortyResults(db: Db, user: UserRow, playerId: number) {
  await viewablePlayer(db, user, playerId);
  return fortyResultsOf(db, playerId);
}
