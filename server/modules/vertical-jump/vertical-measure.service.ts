import { computeVertical } from '../../../contract/vertical-jump-math';
import { verticalMeasurementSchema } from '../../../contract/vertical-jump';
import { filmedMeasure } from '../measurements';

/**
 * The one computation behind the workbench's live figures, the completion and the tests: the file's frame
 * times (with the repeated frames of decision 241) and the two marks give the height and its bound.
 */
export const { measure: timeVertical, parseField: parseVerticalField } = filmedMeasure({
  schema: verticalMeasurementSchema,
  fields: '{ videoId, takeoffFrame, landingFrame }',
  compute: computeVertical,
});
export type TimedVertical = Awaited<ReturnType<typeof timeVertical>>;
