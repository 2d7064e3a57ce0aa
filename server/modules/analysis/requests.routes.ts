import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analysisRequestSchema,
  idParamsSchema,
  igaRequestSchema,
  pendingRequestsSchema,
} from '../../../contract/analysis';
import { analysisRequestBodySchema } from '../../../contract/analysis-kinds';
import { errorBodySchema } from '../../../contract/errors';
import { requestHistorySchema } from '../../../contract/request-history';
import { requestHistory } from './history.service';
import { createAnalysisRequest, createIgaRequest, pendingCounts } from './requests.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export default async function requestsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['analysis'];

  app.post(
    '/api/analysis-requests',
    {
      config: app.perAddressLimit(30),
      schema: {
        tags,
        body: analysisRequestBodySchema,
        response: { 201: analysisRequestSchema, ...errors },
        summary:
          'Asks for an analysis of any kind (requestType, default max_speed) and spends one credit of its balance',
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createAnalysisRequest(app.db, req.requireUser(), req.body)),
  );

  app.post(
    '/api/iga-analysis-requests',
    {
      config: app.perAddressLimit(30),
      schema: { tags, body: igaRequestSchema, response: { 201: analysisRequestSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createIgaRequest(app.db, req.requireUser(), req.body)),
  );

  app.get(
    '/api/players/:id/pending-requests',
    {
      schema: { tags, params: idParamsSchema, response: { 200: pendingRequestsSchema, ...errors } },
    },
    async (req) => pendingCounts(app.db, req.requireUser(), req.params.id),
  );

  app.get(
    '/api/players/:id/requests',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: requestHistorySchema, ...errors },
        summary:
          "A player's request history: type, season, dates, status, rejection reason, refund and result link",
      },
    },
    async (req) => requestHistory(app.db, req.requireUser(), req.params.id),
  );
}
