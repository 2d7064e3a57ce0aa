import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditsApi } from '../../../contract/api/audits';
import { VERIFIED_BY_TWO_ANALYSTS } from '../../../contract/audits';
import { analysisRequests, measurementAudits } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { route } from '../../plugins/endpoints';
import { viewablePlayer } from '../players';
import { auditQueue } from './audit-queue.service';
import { auditReport } from './audit-report.service';
import { resolveAudit } from './audit-resolve.service';
import { auditRatePercent, setAuditRatePercent } from './audit-settings';
import { submitAudit, toAudit } from './audit-submit.service';

const FAMILY_LABELS = {
  none: null,
  pending: null,
  agreed: VERIFIED_BY_TWO_ANALYSTS,
  flagged: 'Under review: a second analyst measured a different value',
  resolved: 'Confirmed by an admin after a second measurement',
} as const;

export default async function auditsRoutes(app: FastifyInstance) {
  route(app, auditsApi.queue, async (req) => auditQueue(app.db, req.user));

  route(app, auditsApi.submit, async (req) => submitAudit(app, req.user, req.params.id, req.body));

  route(app, auditsApi.list, async (req) => {
    const rows = await app.db
      .select()
      .from(measurementAudits)
      .where(
        req.query.status === 'flagged'
          ? eq(measurementAudits.status, 'flagged')
          : inArray(measurementAudits.status, ['pending', 'agreed', 'flagged', 'resolved']),
      )
      .orderBy(desc(measurementAudits.createdAt))
      .limit(200);
    return Promise.all(rows.map((r) => toAudit(app.db, r)));
  });

  route(app, auditsApi.resolve, async (req) =>
    resolveAudit(app.db, req.user, req.params.id, req.body.confirmed),
  );

  route(app, auditsApi.report, async () => auditReport(app.db));

  route(app, auditsApi.settings, async () => ({ ratePercent: await auditRatePercent(app.db) }));

  route(app, auditsApi.updateSettings, async (req) => ({
    ratePercent: await setAuditRatePercent(app.db, req.body.ratePercent),
  }));

  route(app, auditsApi.status, async (req) => {
    const [r] = await app.db
      .select({ playerId: analysisRequests.playerId })
      .from(analysisRequests)
      .where(eq(analysisRequests.id, req.params.id));
    if (!r) throw notFound('Analysis request not found');
    await viewablePlayer(app.db, req.user, r.playerId);
    const [a] = await app.db
      .select({ status: measurementAudits.status })
      .from(measurementAudits)
      .where(eq(measurementAudits.requestId, req.params.id));
    const status = a?.status ?? 'none';
    return { status, label: FAMILY_LABELS[status] };
  });
}
