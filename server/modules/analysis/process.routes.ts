import type { FastifyInstance } from 'fastify';
import { maybeQueueAudit } from '../audits';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisRequestSchema,
  idParamsSchema,
  populationSchema,
  queueItemSchema,
  rejectSchema,
} from '../../../contract/analysis';
import { errorBodySchema } from '../../../contract/errors';
import { videoSchema } from '../../../contract/videos';
import { toVideoDto } from '../videos';
import { completedMail, heldMail, rejectedMail } from './analysis.mail';
import { completeRequest } from './complete.flow';
import { notifyOwner } from './notify';
import { PAGE_SIZES, pageQuery } from '../../../contract/pagination';
import { sendPage } from '../../lib/pagination';
import { listQueue, population } from './queue.service';
import { rejectRequest } from './reject.service';
import { toRequestDto } from './to-dto';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

export default async function processRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['analysis'];

  app.get(
    '/api/analysis-requests/queue',
    {
      // Who may call is checked before the query is validated: others learn nothing from a 400.
      preValidation: async (req) => void req.requireUser(),
      schema: {
        tags,
        querystring: pageQuery(PAGE_SIZES.queue.max, PAGE_SIZES.queue.fallback),
        response: { 200: z.array(queueItemSchema), ...errors },
        description:
          'Pending requests, oldest first, 50 per page unless `limit` (1-200) says otherwise. When more wait, the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.',
      },
    },
    async (req, reply) => {
      req.requireUser();
      return sendPage(reply, await listQueue(app.db, req.query));
    },
  );

  app.get(
    '/api/analysis-requests/:id/population',
    {
      schema: { tags, params: idParamsSchema, response: { 200: populationSchema, ...errors } },
    },
    async (req) => {
      req.requireUser();
      return population(app.db, req.params.id);
    },
  );

  app.post(
    '/api/analysis-requests/:id/complete',
    {
      schema: {
        tags,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ request: analysisRequestSchema, video: videoSchema }), ...errors },
      },
    },
    async (req) => {
      const analyst = req.requireUser();
      const { request, video } = await completeRequest(app, req, analyst, req.params.id);
      const held = request.status === 'held';
      await notifyOwner(app, request.playerId, (who) =>
        held ? heldMail(who, request) : completedMail(who, request),
      );
      if (request.requestType === 'max_speed') {
        await maybeQueueAudit(app.db, request.id).catch((err) =>
          req.log.warn({ err }, 'Queueing a second-analyst audit failed'),
        );
      }
      return { request: toRequestDto(request), video: toVideoDto(app.storage, video, null) };
    },
  );

  app.post(
    '/api/analysis-requests/:id/reject',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: rejectSchema,
        response: { 200: analysisRequestSchema, ...errors },
      },
    },
    async (req) => {
      const analyst = req.requireUser();
      const { request, refunded } = await rejectRequest(app.db, analyst, req.params.id, req.body);
      await notifyOwner(app, request.playerId, (who) =>
        rejectedMail(who, { ...request, reason: req.body.reason, comment: req.body.comment, refunded }),
      );
      return toRequestDto(request);
    },
  );
}
