import { completeFilmed, type FilmedCompletionInput } from '../measurements';
import { parseFortyField, timeForty } from './forty-measure.service';
import { proposalForReceipt } from './forty-proposal.service';
import { insertFortyReceipt, storeFortyStills } from './forty-receipt.service';

/**
 * The verified 40's completion (registered as its completion handler by the module's index.ts): the marks give the
 * time, never a typed number; a clip under the fps floor is refused. The receipt keeps the tracker's
 * proposal the analyst started from (decision 212).
 */
export const completeForty = (input: FilmedCompletionInput) =>
  completeFilmed(input, {
    measure: async (app, text, playerId) => {
      const t = await timeForty(app.db, app.storage, parseFortyField(text), playerId);
      return { ...t, proposal: await proposalForReceipt(app.db, t.marks) };
    },
    value: (t) => t.result.seconds,
    plusMinus: (t) => t.result.plusMinusSeconds,
    storeStills: (app, t) => storeFortyStills(app.storage, t),
    writeReceipt: (tx, r) => insertFortyReceipt(tx, { ...r, proposal: r.t.proposal }),
  });
