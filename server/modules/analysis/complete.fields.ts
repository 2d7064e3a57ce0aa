import {
  MS_KEY,
  VIDEO_REQUIRED,
  percentileFromQuantiles,
  type PositionSubmetric,
  type Population,
} from '../../../contract/analysis';
import { completeFieldsSchema } from '../../../contract/analysis-forms';
import { badRequest } from '../../lib/app-error';
import type { CompletionValues, RequestRow } from './complete.service';

const DEFAULT_PERCENTILE = 50;

/**
 * Turns the multipart text fields into the values to store. The IGA score has no percentile field:
 * it takes the verified population's percentile when there is one, else the default 50.
 */
export function completionValues(
  request: RequestRow,
  fields: Record<string, string>,
  positionSubmetrics: PositionSubmetric[],
  pop: Population,
): CompletionValues {
  if (fields.positionId && Number(fields.positionId) !== request.positionId) {
    throw badRequest('Position does not match the request', {
      positionId: 'Position does not match the request',
    });
  }
  const parsed = completeFieldsSchema(request.requestType, positionSubmetrics).parse(fields) as Record<
    string,
    any
  >;
  const comment = parsed.comment ? String(parsed.comment) : null;
  if (request.requestType === 'max_speed') {
    return {
      headline: parsed.maxSpeed,
      maxSpeed: parsed.maxSpeed,
      igaScore: null,
      comment,
      metrics: [
        { key: MS_KEY, value: parsed.maxSpeed, percentile: parsed.maxSpeed_percentile, isFromIga: false },
      ],
    };
  }
  const igaPop = pop.metrics.find((m) => m.key === 'IGA');
  const igaPercentile = igaPop?.quantiles
    ? percentileFromQuantiles(parsed.igaScore, igaPop.quantiles, false)
    : DEFAULT_PERCENTILE;
  return {
    headline: parsed.igaScore,
    maxSpeed: null,
    igaScore: parsed.igaScore,
    comment,
    metrics: [
      { key: 'IGA', value: parsed.igaScore, percentile: igaPercentile, isFromIga: true },
      ...positionSubmetrics.map((s) => ({
        key: s.key,
        value: parsed[`submetric_${s.key}`] as number,
        percentile: parsed[`submetric_${s.key}_percentile`] as number,
        isFromIga: true,
      })),
    ],
  };
}

export const videoRequired = () => badRequest(VIDEO_REQUIRED, { video: VIDEO_REQUIRED });
