import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingAccountSchema,
  billingHistoryQuerySchema,
  billingHistoryResponseSchema,
  checkoutPreviewQuerySchema,
  checkoutPreviewSchema,
  portalResponseSchema,
} from '../../../contract/billing-history';
import { errorBodySchema } from '../../../contract/errors';
import { sendPage } from '../../lib/pagination';
import { billingAccount, checkoutPreview, portalSession } from './account.service';
import { historyCsv, listHistory } from './history.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const PAGED =
  'Keyset page, newest first. When more rows exist the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.';

/** The family's own billing: account summary, history (paged and CSV), the Stripe portal, plan-change preview. */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  const deps = () => ({
    db: app.db,
    payments: app.payments,
    appUrl: app.env.APP_URL,
    supportEmail: app.env.SUPPORT_EMAIL,
  });
  const testMode = () => app.payments.kind === 'test-mode';

  app.get(
    '/api/billing/account',
    {
      schema: { tags, response: { 200: billingAccountSchema, 401: errorBodySchema } },
    },
    async (req) => billingAccount(deps(), req.requireUser()),
  );

  app.get(
    '/api/billing/history',
    {
      schema: {
        tags,
        description: PAGED,
        querystring: billingHistoryQuerySchema,
        response: { 200: billingHistoryResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (req, reply) =>
      sendPage(reply, await listHistory(app.db, req.requireUser().id, req.query, testMode())),
  );

  app.get(
    '/api/billing/history.csv',
    {
      schema: {
        tags,
        description: 'The whole billing history as CSV (Date, Type, Description, credits, Amount in USD).',
      },
    },
    async (req, reply) => {
      const user = req.requireUser();
      let csv = '';
      for await (const chunk of historyCsv(app.db, user.id, testMode())) csv += chunk;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="billing-history.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/billing/portal',
    {
      config: app.perAddressLimit(20),
      schema: { tags, response: { 200: portalResponseSchema, ...errors } },
    },
    async (req) => portalSession(deps(), req.requireUser()),
  );

  app.get(
    '/api/checkout/preview',
    {
      schema: {
        tags,
        querystring: checkoutPreviewQuerySchema,
        response: { 200: checkoutPreviewSchema, ...errors },
      },
    },
    async (req) => checkoutPreview(deps(), req.requireUser(), req.query.planId),
  );
}
