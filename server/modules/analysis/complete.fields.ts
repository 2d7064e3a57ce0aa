import { VIDEO_REQUIRED, type PositionSubmetric } from '../../../contract/analysis';
import { completeFieldsSchema } from '../../../contract/analysis-forms';
import { badRequest } from '../../lib/app-error';
import type { RequestRow } from './complete.service';

/**
 * The multipart text fields read by the request's kind's form (`completeFieldsSchema`), and the
 * analyst's comment. Each kind turns them into the values it stores (its handler, decision 279).
 */
export function completionFields(
  request: RequestRow,
  fields: Record<string, string>,
  positionSubmetrics: PositionSubmetric[],
) {
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
  return { parsed, comment };
}

export const videoRequired = () => badRequest(VIDEO_REQUIRED, { video: VIDEO_REQUIRED });
