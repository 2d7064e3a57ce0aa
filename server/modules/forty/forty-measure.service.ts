import { computeForty } from '../../../contract/forty-math';
import { fortyMeasurementSchema } from '../../../contract/forty';
import { filmedMeasure } from '../measurements';

/** The one computation behind the workbench's live figures, the completion and the tests. */
export const { measure: timeForty, parseField: parseFortyField } = filmedMeasure({
  schema: fortyMeasurementSchema,
  fields: '{ videoId, startFrame, finishFrame, lines }',
  compute: computeForty,
});
export type TimedForty = Awaited<ReturnType<typeof timeForty>>;
