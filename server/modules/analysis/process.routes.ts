import { keptReads, rowKey } from '../../db/write-clock';
import type { FastifyInstance } from 'fastify';
import { analysisKind } from '../../../contract/analysis-kinds';
import { maybeQueueAudit } from '../audits';
import { completedKindReceipt } from '../measurements';
import { analysisApi } from '../../../contract/api/analysis';
import { sendKept } from '../../plugins/answer-cache';
import { route } from '../../plugins/endpoints';
import { toVideoDto } from '../videos';
import { completedMail, heldMail, rejectedMail } from './analysis.mail';
import { completeRequest } from './complete.flow';
import { notifyOwner } from './notify';
import { requestPercentile } from './percentile.service';
import { listQueue, population } from './queue.service';
import { rejectRequest } from './reject.service';
import { toRequestDto } from './to-dto';

/**
 * What the kept read reads (decisions 225, 227): the pending requests, and the rows of `players` they
 * name, by id (told by the page read). Another player's edit leaves the queue kept; a new player is in
 * no request (a request is a write to `analysis_requests`, which counts whole).
 */
const QUEUE_READS = keptReads(['analysis_requests', 'positions'], { oneRowOf: ['players'] });

export default async function processRoutes(app: FastifyInstance) {
  // Kept until a write (decision 216): the queue is the same for every analyst; the key names the user
  // anyway, so no answer ever crosses from one account to another.
  route(app, analysisApi.queue, async (req, reply) =>
    sendKept(reply, app.answers, QUEUE_READS, async () => {
      const page = await listQueue(app.db, req.query);
      const rows = page.items.map((item) => rowKey('players', 'id', item.playerId));
      return { body: page.items, next: page.next, rows };
    }),
  );

  route(app, analysisApi.population, async (req) => population(app.db, req.params.id));
  route(app, analysisApi.percentile, async (req) =>
    requestPercentile(app.db, req.params.id, req.query.value),
  );

  route(app, analysisApi.complete, async (req) => {
    const analyst = req.user;
    const { request, video } = await completeRequest(app, req, analyst, req.params.id);
    const held = request.status === 'held';
    // A kind without a field of its own on the request (the 40, the jump) says its result from its receipt.
    const kindRow =
      held || analysisKind(request.requestType).resultField !== null
        ? null
        : await completedKindReceipt(app.db, request.requestType, request.id);
    const kindResult = kindRow?.receipt ?? null;
    await notifyOwner(app, request.playerId, (who) =>
      held ? heldMail(who, request) : completedMail(who, request, kindResult),
    );
    // A second analyst audits measured Max Speeds (decision 115).
    if (analysisKind(request.requestType).resultField === 'maxSpeed') {
      await maybeQueueAudit(app.db, request.id).catch((err) =>
        req.log.warn({ err }, 'Queueing a second-analyst audit failed'),
      );
    }
    return { request: toRequestDto(request), video: toVideoDto(app.storage, video, null) };
  });

  route(app, analysisApi.reject, async (req) => {
    const analyst = req.user;
    const { request, refunded } = await rejectRequest(app.db, analyst, req.params.id, req.body);
    await notifyOwner(app, request.playerId, (who) =>
      rejectedMail(who, { ...request, reason: req.body.reason, comment: req.body.comment, refunded }),
    );
    return toRequestDto(request);
  });
}
