import { z } from 'zod';
import { REQUEST_STATUSES } from './analysis';

/** One request as the family sees it on the player card: what, when, what happened, and where the result is. */
export const requestHistoryItemSchema = z.object({
  id: z.number(),
  /** An analysis kind's key (analysis-kinds.ts): max_speed, iga. */
  requestType: z.string(),
  status: z.enum(REQUEST_STATUSES),
  season: z.number(),
  positionName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  maxSpeed: z.number().nullable(),
  maxSpeedPlusMinus: z.number().nullable(),
  igaScore: z.number().nullable(),
  rejectionReason: z.string().nullable(),
  analystComment: z.string().nullable(),
  creditRefunded: z.boolean(),
  /** A later kind's result as every screen writes it ('4.62 s ± 0.01 (verified 40, video 240 fps)'), or null. */
  resultText: z.string().nullable(),
  /** The page that shows the result (a measured speed's or a verified 40's evidence receipt), or null. */
  resultPath: z.string().nullable(),
  /** The library clip the request is measured on, if any: its tile says 'Awaiting analysis' while pending. */
  sourceVideoId: z.number().nullable().default(null),
});
export type RequestHistoryItem = z.infer<typeof requestHistoryItemSchema>;
export const requestHistorySchema = z.array(requestHistoryItemSchema);

export const REQUEST_STATUS_LABELS = {
  pending: 'Awaiting analysis',
  completed: 'Completed',
  rejected: 'Rejected',
  held: 'Being confirmed',
} as const;
