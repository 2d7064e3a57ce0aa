import type { FastifyInstance } from 'fastify';
import { fortyApi } from '../../../contract/api/forty';
import { route } from '../../plugins/endpoints';
import { timeForty } from './forty-measure.service';
import {
  fortyProposalJobHandlers,
  proposalOfMarks,
  readFortyProposal,
  startFortyProposal,
} from './forty-proposal.service';
import { readFortyReceipt, readFortyResults } from './forty-receipt.service';

export default async function fortyRoutes(app: FastifyInstance) {
  app.jobs.handle(fortyProposalJobHandlers(app.db, app.storage));

  route(app, fortyApi.propose, { config: app.perAddressLimit(60) }, async (req) => {
    const started = await startFortyProposal(app.db, app.storage, req.user.id, req.body);
    app.jobs.kick();
    return started;
  });

  route(app, fortyApi.proposal, async (req) => readFortyProposal(app.db, req.params.id));

  // Marks made from a proposal are checked against what it found (decision 332), as at the completion.
  route(app, fortyApi.preview, async (req) => {
    await proposalOfMarks(app.db, req.body);
    return (await timeForty(app.db, app.storage, req.body)).result;
  });

  route(app, fortyApi.receipt, async (req) => readFortyReceipt(app.db, app.storage, req.user, req.params.id));

  route(app, fortyApi.results, async (req) => readFortyResults(app.db, req.user, req.params.id));
}
