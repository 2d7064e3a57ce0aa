import { z } from 'zod';
import {
  analysisRequestSchema,
  idParamsSchema,
  pendingRequestsSchema,
  populationSchema,
  positionSubmetricSchema,
  queueItemSchema,
  requestSubmetricSchema,
} from '../analysis';
import { analysisRequestBodySchema, igaRequestSchema, rejectSchema } from '../analysis-forms';
import { binary, defineEndpoint } from '../endpoint';
import { PAGE_SIZES } from '../pagination';
import { pageQuery } from '../pagination-query';
import { clipNotReadyBodySchema } from '../readiness';
import { percentileSchema } from '../percentiles';
import { requestHistorySchema } from '../request-history';
import { videoSchema } from '../videos';

const tags = ['analysis'];
const text = (description: string) => z.string().optional().meta({ description });

/**
 * The multipart parts of the complete call. Every text part arrives as a string; which ones a request
 * needs, and their messages, follow its kind and position (completeFieldsSchema, the kind's handler).
 */
export const completeFormSchema = z
  .object({
    video: binary('The processed video (MP4, MOV or WebM); a measured Max Speed may leave it out').optional(),
    measurement: text('Max Speed: the marks on the source clip, as JSON (the measurement field)'),
    maxSpeed: text('Max Speed: a typed value over the measured one, with an override reason in the marks'),
    maxSpeed_percentile: text(
      'Max Speed: its percentile, 0-100; the form starts at the population percentile (the percentile call)',
    ),
    percentileReason: text(
      'Max Speed: why the percentile differs from the population percentile; required when it does (up to 500 characters)',
    ),
    igaScore: text('IGA: the score, 50-100, one decimal'),
    positionId: text("The request's position, when the form sends it (a different one is refused)"),
    comment: text("The analyst's comment, up to 2000 characters"),
  })
  .catchall(z.string().meta({ description: 'IGA: submetric_{key} and submetric_{key}_percentile' }));

/** Requests, the analysts' queue and processing, and submetrics (server/modules/analysis). */
export const analysisApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/analysis-requests',
    access: 'user',
    tags,
    body: analysisRequestBodySchema,
    response: analysisRequestSchema,
    status: 201,
    errors: [402, 403, 404, 409, 422],
    errorBody: clipNotReadyBodySchema,
    summary:
      'Asks for an analysis of any kind (requestType, default max_speed) and spends one credit of its balance',
    description:
      "With a `videoId`, the clip is judged first, before any credit is looked at (decision 247): **422** `CLIP_NOT_READY` with `problems` (the readiness call's problems for the requested kind) when it cannot give the kind's result; **409** while the clip is still being processed (ask again in a moment). A clip whose check has not run yet is checked in the request.",
  }),
  createIga: defineEndpoint({
    method: 'POST',
    path: '/api/iga-analysis-requests',
    access: 'user',
    tags,
    body: igaRequestSchema,
    response: analysisRequestSchema,
    status: 201,
    errors: [402, 403, 404],
  }),
  pending: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id/pending-requests',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: pendingRequestsSchema,
    errors: [403, 404],
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id/requests',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: requestHistorySchema,
    errors: [403, 404],
    summary:
      "A player's request history: type, season, dates, status, rejection reason, refund and result link",
  }),
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/analysis-requests/queue',
    access: 'analyst',
    tags,
    query: pageQuery(PAGE_SIZES.queue.max, PAGE_SIZES.queue.fallback),
    response: z.array(queueItemSchema),
    description:
      'Pending requests, oldest first, 50 per page unless `limit` (1-200) says otherwise. When more wait, the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.',
  }),
  population: defineEndpoint({
    method: 'GET',
    path: '/api/analysis-requests/:id/population',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    response: populationSchema,
    errors: [404],
  }),
  percentile: defineEndpoint({
    method: 'GET',
    path: '/api/analysis-requests/:id/percentile',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    query: z.object({ value: z.coerce.number().gt(0).max(100) }),
    response: z.object({ percentile: percentileSchema.nullable() }),
    errors: [404],
    summary: "The population percentile a value would have as this request's result",
    description:
      "The same group and rank families, the public page and the share image show for a stored result (decision 249): the narrowest group of at least 20 verified players (position, level and class; then position and level; then level), against the other players' bests. `null` when no group is large enough, or the kind has no population percentile.",
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/analysis-requests/:id/complete',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    form: completeFormSchema,
    response: z.object({ request: analysisRequestSchema, video: videoSchema }),
    errors: [404, 409, 413, 415],
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/analysis-requests/:id/reject',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    body: rejectSchema,
    response: analysisRequestSchema,
    errors: [404, 409],
  }),
  positionSubmetrics: defineEndpoint({
    method: 'GET',
    path: '/api/positions/:id/submetrics',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: z.array(positionSubmetricSchema),
    errors: [404],
  }),
  requestSubmetrics: defineEndpoint({
    method: 'GET',
    path: '/api/analysis-requests/:id/submetrics',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: z.array(requestSubmetricSchema),
    errors: [404],
  }),
};
