import {
  adminCreateUserSchema,
  adminUpdateUserSchema,
  adminUserListSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  reportingMetricsSchema,
} from '../admin';
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
  }),
};
