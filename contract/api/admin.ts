import {
  adminCreateUserSchema,
  adminUpdateUserSchema,
  adminUserListSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  recheckSchema,
  recheckStartedSchema,
  reportingMetricsSchema,
} from '../admin';
import { idParamsSchema } from '../analysis';
import { messageSchema } from '../auth';
import { billingReportSchema } from '../billing-history';
import { defineEndpoint } from '../endpoint';

const tags = ['admin'];
const errors = [404, 409];

/** User management and reporting: admins only (server/modules/admin). */
export const adminApi = {
  listUsers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    tags,
    query: adminUsersQuerySchema,
    response: adminUserListSchema,
    errors,
    description:
      'Users by id, 50 per page unless `limit` (1-200) says otherwise. When more exist the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.',
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users',
    access: 'admin',
    tags,
    body: adminCreateUserSchema,
    response: adminUserSchema,
    status: 201,
    errors,
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/users/:id',
    access: 'admin',
    tags,
    params: adminUserParamsSchema,
    body: adminUpdateUserSchema,
    response: adminUserSchema,
    errors,
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    access: 'admin',
    tags,
    params: adminUserParamsSchema,
    response: messageSchema,
    errors,
  }),
  expireSession: defineEndpoint({
    method: 'POST',
    path: '/api/admin/expire-session',
    access: 'admin',
    tags,
    response: messageSchema,
    errors,
  }),
  billingReport: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reporting/billing',
    access: 'admin',
    tags,
    response: billingReportSchema,
    errors,
  }),
  reporting: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reporting',
    access: 'admin',
    tags,
    response: reportingMetricsSchema,
    errors,
    description:
      'The dashboard: users, logins and processed requests per period (the last 24 hours, 7, 30 and 90 days); `revenueCents`, money received (every paid package checkout and plan invoice, renewals included; refunds are in the billing report); `sales`, each plan and package with how many were paid and their revenue; `completedWithin72Hours`, requests completed in the period with how many took at most the 72 hours promised and the share in percent; `funnel`, families (role user) who registered in the period and how many of them have since added a player, paid, requested an analysis and had a result verified.',
  }),
  startRecheck: defineEndpoint({
    method: 'POST',
    path: '/api/admin/measurements/recheck',
    access: 'admin',
    tags,
    response: recheckStartedSchema,
    status: 202,
    errors: [],
    description:
      'Checks every verified 40 stored so far again under the rules of decision 241 (issue 49), as a background job: one whose bound is wider than ± 0.03 s, that the rules now refuse, or whose start or finish was marked after a frame the old rule refused as a repeated picture, is held for an analyst (off the leaderboard and the coach search, the family told by mail, the receipt keeping both). Also run as a release step: `npm run cli -- measurements:recheck`.',
  }),
  recheck: defineEndpoint({
    method: 'GET',
    path: '/api/admin/measurements/recheck/:id',
    access: 'admin',
    tags,
    params: idParamsSchema,
    response: recheckSchema,
    errors: [404],
    description:
      'A re-check job: queued, running, failed (with the error) or done, with the results it checked and those it held.',
  }),
};
