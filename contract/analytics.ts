import { z } from 'zod';

export const ANALYTICS_EVENT_NAMES = ['page_view', 'video_played'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];
const ANALYTICS_MAX_PROPERTIES = 20;

const propertyValue = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown event name' }),
  /** A pathname only: query strings can carry tokens (verify, reset) and are never stored. */
  path: z
    .string()
    .max(2048, 'Path is too long')
    .regex(/^\/[^?#\s]*$/, 'Path must be a pathname starting with /')
    .optional(),
  properties: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'Invalid property name'), propertyValue)
    .refine(
      (p) => Object.keys(p).length <= ANALYTICS_MAX_PROPERTIES,
      `At most ${ANALYTICS_MAX_PROPERTIES} properties`,
    )
    .optional(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;
