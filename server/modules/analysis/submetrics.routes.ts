import type { FastifyInstance } from 'fastify';
import { analysisApi } from '../../../contract/api/analysis';
import { route } from '../../plugins/endpoints';
import { submetricsOfPosition, submetricsOfRequest } from './submetrics.service';

export default async function submetricsRoutes(app: FastifyInstance) {
  route(app, analysisApi.positionSubmetrics, async (req) => submetricsOfPosition(app.db, req.params.id));

  route(app, analysisApi.requestSubmetrics, async (req) =>
    submetricsOfRequest(app.db, req.user, req.params.id),
  );
}
