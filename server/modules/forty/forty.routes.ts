import type { FastifyInstance } from 'fastify';
import { fortyApi } from '../../../contract/api/forty';
import { route } from '../../plugins/endpoints';
import { timeForty } from './forty-measure.service';
import { readFortyReceipt, readFortyResults } from './forty-receipt.service';

export default async function fortyRoutes(app: FastifyInstance) {
  route(app, fortyApi.preview, async (req) => (await timeForty(app.db, app.storage, req.body)).result);

  route(app, fortyApi.receipt, async (req) => readFortyReceipt(app.db, app.storage, req.user, req.params.id));

  route(app, fortyApi.results, async (req) => readFortyResults(app.db, req.user, req.params.id));
}
