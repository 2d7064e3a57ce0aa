import type { FastifyInstance } from 'fastify';
import { verticalJumpApi } from '../../../contract/api/vertical-jump';
import { route } from '../../plugins/endpoints';
import { timeVertical } from './vertical-measure.service';
import { proposeVerticalFrames } from './vertical-proposal.service';
import { readVerticalReceipt, readVerticalResults } from './vertical-receipt.service';

export default async function verticalJumpRoutes(app: FastifyInstance) {
  route(
    app,
    verticalJumpApi.preview,
    async (req) => (await timeVertical(app.db, app.storage, req.body)).result,
  );

  route(app, verticalJumpApi.propose, { config: app.perAddressLimit(60) }, async (req) =>
    proposeVerticalFrames(app.db, app.storage, req.body),
  );

  route(app, verticalJumpApi.receipt, async (req) =>
    readVerticalReceipt(app.db, app.storage, req.user, req.params.id),
  );

  route(app, verticalJumpApi.results, async (req) => readVerticalResults(app.db, req.user, req.params.id));
}
