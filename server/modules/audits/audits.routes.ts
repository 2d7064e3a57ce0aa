import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/analysis';
import {
  VERIFIED_BY_TWO_ANALYSTS,
  auditItemSchema,
  auditReportSchema,
  auditSchema,
  auditSettingsSchema,
  auditStatusSchema,
  resolveAuditSchema,
} from '../../../contract/audits';
import { errorBodySchema } from '../../../contract/errors';
import { measurementFieldSchema } from '../../../contract/measurements';
import { analysisRequests, measurementAudits } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { viewablePlayer } from '../players';
import { auditQueue } from './audit-queue.service';
import { auditReport } from './audit-report.service';
import { resolveAudit } from './audit-resolve.service';
import { auditRatePercent, setAuditRatePercent } from './audit-settings';
import { submitAudit, toAudit } from './audit-submit.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const listQuery = z.object({ status: z.enum(['flagged', 'all']).default('flagged') });
const FAMILY_LABELS = {
  none: null,
  pending: null,
  agreed: VERIFIED_BY_TWO_ANALYSTS,
  flagged: 'Under review: a second analyst measured a different value',
  resolved: 'Confirmed by an admin after a second measurement',
} as const;

export default async function auditsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['audits'];

  app.get(
    '/api/audits/queue',
    {
      schema: {
        tags,
        response: { 200: z.array(auditItemSchema), ...errors },
        description:
          "Audits waiting for a second analyst: never the caller's own results, and nothing of the first measurement.",
      },
    },
    async (req) => auditQueue(app.db, req.requireUser()),
  );

  app.post(
    '/api/audits/:id/measurement',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: measurementFieldSchema,
        response: { 200: auditSchema, ...errors },
        description:
          'The blind second measurement (marks on the source clip); answers both results and whether they agree.',
      },
    },
    async (req) => submitAudit(app, req.requireUser(), req.params.id, req.body),
  );

  app.get(
    '/api/audits',
    {
      schema: {
        tags,
        querystring: listQuery,
        response: { 200: z.array(auditSchema), ...errors },
        description: 'Admins: flagged audits (or all) with both results side by side.',
      },
    },
    async (req) => {
      req.requireUser();
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
    },
  );

  app.post(
    '/api/audits/:id/resolve',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: resolveAuditSchema,
        response: { 200: auditSchema, ...errors },
        description:
          'Admins confirm one of two disagreeing results; the family then sees the confirmed value.',
      },
    },
    async (req) => resolveAudit(app.db, req.requireUser(), req.params.id, req.body.confirmed),
  );

  app.get(
    '/api/audits/report',
    {
      schema: {
        tags,
        response: { 200: auditReportSchema, ...errors },
        description: 'Audits done, mean absolute difference in mph, share within bounds, per analyst.',
      },
    },
    async (req) => {
      req.requireUser();
      return auditReport(app.db);
    },
  );

  app.get(
    '/api/audits/settings',
    {
      schema: {
        tags,
        response: { 200: auditSettingsSchema, ...errors },
        description: 'The share of completed max-speed requests sent back for a second analyst.',
      },
    },
    async (req) => {
      req.requireUser();
      return { ratePercent: await auditRatePercent(app.db) };
    },
  );

  app.put(
    '/api/audits/settings',
    {
      schema: {
        tags,
        body: auditSettingsSchema,
        response: { 200: auditSettingsSchema, ...errors },
        description: 'Sets the audit rate (0-100 %).',
      },
    },
    async (req) => {
      req.requireUser();
      return { ratePercent: await setAuditRatePercent(app.db, req.body.ratePercent) };
    },
  );

  app.get(
    '/api/analysis-requests/:id/audit',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: auditStatusSchema, ...errors },
        description:
          "Whether a second analyst checked the request's Max Speed: the owner family, analysts and admins.",
      },
    },
    async (req) => {
      const [r] = await app.db
        .select({ playerId: analysisRequests.playerId })
        .from(analysisRequests)
        .where(eq(analysisRequests.id, req.params.id));
      if (!r) throw notFound('Analysis request not found');
      await viewablePlayer(app.db, req.requireUser(), r.playerId);
      const [a] = await app.db
        .select({ status: measurementAudits.status })
        .from(measurementAudits)
        .where(eq(measurementAudits.requestId, req.params.id));
      const status = a?.status ?? 'none';
      return { status, label: FAMILY_LABELS[status] };
    },
  );
}
