import type { FastifyInstance } from 'fastify';
import { analysisApi } from '../../../contract/api/analysis';
import { route } from '../../plugins/endpoints';
import { requestHistory } from './history.service';
import { createAnalysisRequest, createIgaRequest, pendingCounts } from './requests.service';

export default async function requestsRoutes(app: FastifyInstance) {
  route(app, analysisApi.create, { config: app.perAddressLimit(30) }, async (req) =>
    createAnalysisRequest(app.db, app.storage, req.user, req.body),
  );

  route(app, analysisApi.createIga, { config: app.perAddressLimit(30) }, async (req) =>
    createIgaRequest(app.db, app.storage, req.user, req.body),
  );

  route(app, analysisApi.pending, async (req) => pendingCounts(app.db, req.user, req.params.id));

  route(app, analysisApi.history, async (req) => requestHistory(app.db, req.user, req.params.id));
}
