import { z } from 'zod';
import { analyticsEventSchema } from '../analytics';
import { defineEndpoint } from '../endpoint';

/** Page and action events from the web (server/modules/analytics). */
export const analyticsApi = {
  record: defineEndpoint({
    method: 'POST',
    path: '/api/analytics/events',
    access: 'public',
    tags: ['analytics'],
    body: analyticsEventSchema,
    response: z.null(),
    status: 204,
    errors: [413, 429],
  }),
};
