import { completeFilmed, type FilmedCompletionInput } from '../measurements';
import { parseVerticalField, timeVertical } from './vertical-measure.service';
import { insertVerticalReceipt, storeVerticalStills } from './vertical-receipt.service';

/**
 * The verified vertical jump's completion (registered as its completion handler by the module's index.ts): the two
 * marks give the height, never a typed number; a clip under 100 fps or with a bound wider than ± 0.8 in is
 * refused.
 */
export const completeVerticalJump = (input: FilmedCompletionInput) =>
  completeFilmed(input, {
    measure: (app, text, playerId) => timeVertical(app.db, app.storage, parseVerticalField(text), playerId),
    value: (t) => t.result.heightInches,
    plusMinus: (t) => t.result.plusMinusInches,
    storeStills: (app, t) => storeVerticalStills(app.storage, t),
    writeReceipt: insertVerticalReceipt,
  });
