import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  adminCreateUserSchema,
  adminUpdateUserSchema,
  adminUserListSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  reportingMetricsSchema,
} from '../../../contract/admin';
import { messageSchema } from '../../../contract/auth';
import { errorBodySchema } from '../../../contract/errors';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sendPage } from '../../lib/pagination';
import { billingReportSchema } from '../../../contract/billing-history';
import { billingReport } from './admin-billing-report.service';
import { deleteUser } from './admin-delete.service';
import { getReportingMetrics } from './admin-reporting.service';
import { createUser, listUsers, updateUser } from './admin-users.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Every /api/admin call: admin only. Checked before the body is validated, so others learn nothing. */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.addHook('preValidation', async (req) => {
    const userId = req.session?.userId;
    if (!userId) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    const [u] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (!u) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    if (u.role !== 'admin') throw new AppError('FORBIDDEN', 'You do not have permission to do that');
  });

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserListSchema, ...errors },
        description:
          'Users by id, 50 per page unless `limit` (1-200) says otherwise. When more exist the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.',
      },
    },
    async (req, reply) => sendPage(reply, await listUsers(app.db, req.query)),
  );

  app.post(
    '/api/admin/users',
    {
      config: app.perAddressLimit(30),
      schema: { tags, body: adminCreateUserSchema, response: { 201: adminUserSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createUser(app.db, req.body)),
  );

  app.put(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        params: adminUserParamsSchema,
        body: adminUpdateUserSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (req) => updateUser(app.db, req.requireUser().id, req.params.id, req.body),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      schema: { tags, params: adminUserParamsSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) =>
      deleteUser({ db: app.db, storage: app.storage, log: req.log }, req.requireUser().id, req.params.id),
  );

  app.post(
    '/api/admin/expire-session',
    {
      schema: { tags, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      req.requireUser();
      await req.session.destroy();
      return { message: 'Session expired' };
    },
  );

  app.get(
    '/api/admin/reporting/billing',
    {
      schema: { tags, response: { 200: billingReportSchema, ...errors } },
    },
    async () => billingReport(app.db),
  );

  app.get(
    '/api/admin/reporting',
    {
      schema: { tags, response: { 200: reportingMetricsSchema, ...errors } },
    },
    async () => getReportingMetrics(app.db),
  );
}
