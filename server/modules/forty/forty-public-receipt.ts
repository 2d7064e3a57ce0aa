import { formatForty, proposalInWords } from '../../../contract/forty-math';
import type { KindReceiptViewOf } from '../sharing';
import { completedKindReceipt } from '../measurements';
import { FORTY_KIND, toFortyReceipt } from './forty-receipt.service';

const fixed = (n: number, d = 4) => n.toFixed(d);

/**
 * The public view of a verified 40's receipt (decision 209): only a completed 40 of the shared player;
 * the analyst's name and the file hash are left out. Served by the kind receipt page (decision 269).
 */
export const sharedFortyReceiptView: KindReceiptViewOf = async (db, storage, playerId, requestId) => {
  const row = await completedKindReceipt(db, FORTY_KIND, requestId, playerId);
  if (!row) return null;
  const r = toFortyReceipt(storage, row.receipt);
  const res = r.result;
  const splits = res.splits.map(
    (s) => `${s.yardLine}-yard split ${formatForty(s.seconds, s.plusMinusSeconds)}`,
  );
  return {
    label: 'Verified 40',
    headline: formatForty(res.seconds, res.plusMinusSeconds),
    text: formatForty(res.seconds, res.plusMinusSeconds, res.method),
    summary: `40 yards from the first movement to the torso crossing the finish line, timed frame by frame on the family's video.${splits.length ? ` ${splits.join(' · ')}.` : ''}`,
    season: r.season,
    stillsTitle: 'Start, finish and the lines',
    stills: r.stills,
    sections: [{ title: 'What the ± covers', text: r.boundInWords }],
    technical: [
      `Time: ${fixed(res.finishTime)} s − ${fixed(res.startTime)} s = ${fixed(res.rawSeconds)} s; the frames allow ${fixed(res.secondsMin)} to ${fixed(res.secondsMax)} s.`,
      `Video: ${r.video.width}x${r.video.height}, ${r.video.nominalFps} fps${r.video.variableFrameRate ? ' (variable frame rate)' : ''}, ${r.video.frameCount} frames; ${res.realFps.toFixed(1)} real frames a second between start and finish.`,
      `Marked frames (numbered from 1): ${r.stills.map((s) => `${s.label} frame ${s.frameIndex + 1}`).join(' · ')}.`,
      proposalInWords(r.proposal),
    ],
  };
};
