import { MS_KEY } from '../../../contract/analysis';
import { MEASUREMENT_REQUIRED } from '../../../contract/measurements';
import { badRequest } from '../../lib/app-error';
import { completionFields, percentileFor, percentileNote, type KindHandler } from '../analysis';
import { measuredValue, parseMeasurementField } from '../measurements';

/** Max Speed is measured on the video, never typed: the marks give the value (or an override with its reason). */
export const maxSpeedHandler: KindHandler = {
  usesPositionSubmetrics: false,
  async complete({ app, request, fields, submetrics }) {
    if (!fields.measurement) throw badRequest(MEASUREMENT_REQUIRED, { measurement: MEASUREMENT_REQUIRED });
    const measured = await measuredValue(
      app.db,
      app.storage,
      parseMeasurementField(fields.measurement),
      request.playerId,
      fields.maxSpeed,
    );
    const read = { ...fields, maxSpeed: measured.maxSpeed.toFixed(1) };
    const { parsed, comment } = completionFields(request, read, submetrics);
    const values = {
      headline: parsed.maxSpeed,
      maxSpeed: parsed.maxSpeed,
      igaScore: null,
      comment,
      metrics: [
        { key: MS_KEY, value: parsed.maxSpeed, percentile: parsed.maxSpeed_percentile, isFromIga: false },
      ],
    };
    const computed = await percentileFor(app.db, request, measured.maxSpeed);
    const percentile = percentileNote(computed, values.metrics[0].percentile, fields.percentileReason);
    return { measured, values, percentile };
  },
};
