import { healthSchema, sessionDebugSchema } from '../diagnostics';
import { defineEndpoint } from '../endpoint';
import { errorBodySchema } from '../errors';

const tags = ['diagnostics'];

/**
 * Health for load balancers and the auth-debug page, and the session diagnostics: open to everyone, no
 * secrets (server/modules/diagnostics).
 */
export const diagnosticsApi = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    tags,
    response: healthSchema,
    // Without its database the answer is still the health report, with 503.
    errors: [503],
    errorBody: healthSchema.or(errorBodySchema),
  }),
  sessionDebug: defineEndpoint({
    method: 'GET',
    path: '/api/session-debug',
    access: 'public',
    tags,
    response: sessionDebugSchema,
    errors: [429],
  }),
};
