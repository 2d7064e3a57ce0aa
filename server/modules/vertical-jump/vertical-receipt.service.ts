import {
  VERTICAL_NOT_COVERED,
  formatVertical,
  verticalBoundWords,
} from '../../../contract/vertical-jump-math';
import type { VerticalReceipt, VerticalResultRow } from '../../../contract/vertical-jump';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { kindReceipts, UserRow } from '../../db/schema';
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
import type { KindReceiptViewOf } from '../sharing';
import type { TimedVertical } from './vertical-measure.service';

export const VERTICAL_KIND = 'vertical_jump';
const RECEIPT_NOT_FOUND = 'Receipt not found';
const METHOD_IN_WORDS =
  'Flight time: the time from the take-off frame (the first with both feet off the ground) to the landing frame (the first with a foot on the ground), read from the file, gives the height h = g·t²/8.';

const stillFrames = (t: TimedVertical) => [
  { label: 'Take-off: first frame with both feet off the ground', frameIndex: t.marks.takeoffFrame },
  { label: 'Landing: first frame with a foot on the ground', frameIndex: t.marks.landingFrame },
];

/** One JPEG per still frame, extracted from the file the analyst marked; private keys. */
export const storeVerticalStills = (storage: Storage, t: TimedVertical) =>
  storeFilmedStills(storage, t, stillFrames(t));

type VerticalReceiptData = FilmedReceiptData<VerticalReceipt['marks'], VerticalReceipt['result']>;

export async function insertVerticalReceipt(
  tx: Tx,
  input: { request: { id: number; season: number }; analyst: UserRow; t: TimedVertical; stillKeys: string[] },
) {
  const { t } = input;
  await insertKindReceipt(tx, VERTICAL_KIND, {
    ...input,
    value: t.result.heightInches,
    plusMinus: t.result.plusMinusInches,
    data: await filmedReceiptData(tx, t, input.request.season, stillFrames(t)),
  });
}

/** The receipt as the API answers it, with signed URLs of its stills. */
export function toVerticalReceipt(storage: Storage, row: typeof kindReceipts.$inferSelect): VerticalReceipt {
  const data = row.data as VerticalReceiptData;
  return {
    ...filmedReceiptHead(storage, row, data),
    methodInWords: METHOD_IN_WORDS,
    boundInWords: verticalBoundWords(data.result.framesInDoubt),
    notCovered: VERTICAL_NOT_COVERED,
  };
}

/** The receipt of a request the user may see (the owner family, analysts, admins); anyone else 404. */
export async function readVerticalReceipt(db: Db, storage: Storage, user: UserRow, requestId: number) {
  const row = await completedKindReceipt(db, VERTICAL_KIND, requestId);
  if (!row) throw notFound(RECEIPT_NOT_FOUND);
  await viewablePlayer(db, user, row.playerId).catch(() => {
    throw notFound(RECEIPT_NOT_FOUND);
  });
  return toVerticalReceipt(storage, row.receipt);
}

/** A completed vertical jump of a shared player's public page (the caller checks the share); null otherwise. */
export async function readSharedVerticalReceipt(
  db: Db,
  storage: Storage,
  playerId: number,
  requestId: number,
) {
  const row = await completedKindReceipt(db, VERTICAL_KIND, requestId, playerId);
  return row ? toVerticalReceipt(storage, row.receipt) : null;
}

/** A player's completed verified vertical jumps, best (highest) first; the caller checks who may see them. */
export async function verticalResultsOf(db: DbOrTx, playerId: number): Promise<VerticalResultRow[]> {
  const rows = await completedKindResults(db, VERTICAL_KIND, playerId);
  return rows.map(({ receipt, season, completedAt }) => ({
    requestId: receipt.requestId,
    season,
    heightInches: receipt.value,
    plusMinusInches: receipt.plusMinus,
    flightSeconds: (receipt.data as VerticalReceiptData).result.flightSeconds,
    method: receipt.methodLabel,
    completedAt: completedAt?.toISOString() ?? null,
  }));
}

export async function readVerticalResults(db: Db, user: UserRow, playerId: number) {
  await viewablePlayer(db, user, playerId);
  return verticalResultsOf(db, playerId);
}

/**
 * A shared player's vertical jump receipt as a public page shows any kind's receipt (decision 243): the
 * headline, the summary, the stills and the words; the analyst's name and the file hash are left out.
 */
export const sharedVerticalReceiptView: KindReceiptViewOf = async (db, storage, playerId, requestId) => {
  const r = await readSharedVerticalReceipt(db, storage, playerId, requestId);
  if (!r) return null;
  const res = r.result;
  const fixed = (n: number) => n.toFixed(4);
  return {
    label: 'Verified Vertical Jump',
    headline: formatVertical(res.heightInches, res.plusMinusInches),
    text: formatVertical(res.heightInches, res.plusMinusInches, res.method),
    summary: `Jump height from the time in the air: ${res.flightSeconds.toFixed(3)} s ± ${res.plusMinusSeconds.toFixed(3)} from the take-off frame to the landing frame of the family's video.`,
    season: r.season,
    stillsTitle: 'Take-off and landing',
    stills: r.stills,
    sections: [
      { title: 'Method: flight time', text: r.methodInWords },
      { title: 'What the ± covers', text: r.boundInWords },
      { title: 'What it does not cover', text: r.notCovered },
    ],
    technical: [
      `Flight time: ${fixed(res.landingTime)} s − ${fixed(res.takeoffTime)} s = ${fixed(res.rawFlightSeconds)} s; the frames allow heights of ${res.heightInchesMin.toFixed(2)} to ${res.heightInchesMax.toFixed(2)} in.`,
      `Video: ${r.video.width}x${r.video.height}, ${r.video.nominalFps} fps${r.video.variableFrameRate ? ' (variable frame rate)' : ''}, ${r.video.frameCount} frames; ${res.realFps.toFixed(1)} real frames a second in the air.`,
      `Marked frames (numbered from 1): take-off frame ${r.marks.takeoffFrame + 1} · landing frame ${r.marks.landingFrame + 1}.`,
    ],
  };
};
