import { z } from 'zod';
import { idParamsSchema } from '../analysis';
import {
  auditItemSchema,
  auditReportSchema,
  auditSchema,
  auditSettingsSchema,
  auditStatusSchema,
  resolveAuditSchema,
} from '../audits';
import { defineEndpoint } from '../endpoint';
import { measurementFieldSchema } from '../measurements';

const tags = ['audits'];
const errors = [403, 404, 409];

/** The second-analyst audit of measured speeds (decision 115; server/modules/audits). */
export const auditsApi = {
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/audits/queue',
    access: 'analyst',
    tags,
    response: z.array(auditItemSchema),
    errors,
    description:
      "Audits waiting for a second analyst: never the caller's own results, and nothing of the first measurement.",
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/audits/:id/measurement',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    body: measurementFieldSchema,
    response: auditSchema,
    errors,
    description:
      'The blind second measurement (marks on the source clip); answers both results and whether they agree.',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/audits',
    access: 'admin',
    tags,
    query: z.object({ status: z.enum(['flagged', 'all']).default('flagged') }),
    response: z.array(auditSchema),
    errors,
    description: 'Admins: flagged audits (or all) with both results side by side.',
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/api/audits/:id/resolve',
    access: 'admin',
    tags,
    params: idParamsSchema,
    body: resolveAuditSchema,
    response: auditSchema,
    errors,
    description: 'Admins confirm one of two disagreeing results; the family then sees the confirmed value.',
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/api/audits/report',
    access: 'admin',
    tags,
    response: auditReportSchema,
    errors,
    description: 'Audits done, mean absolute difference in mph, share within bounds, per analyst.',
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/audits/settings',
    access: 'admin',
    tags,
    response: auditSettingsSchema,
    errors,
    description: 'The share of completed max-speed requests sent back for a second analyst.',
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/audits/settings',
    access: 'admin',
    tags,
    body: auditSettingsSchema,
    response: auditSettingsSchema,
    errors,
    description: 'Sets the audit rate (0-100 %).',
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/analysis-requests/:id/audit',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: auditStatusSchema,
    errors,
    description:
      "Whether a second analyst checked the request's Max Speed: the owner family, analysts and admins.",
  }),
};
