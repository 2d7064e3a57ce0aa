import { z } from 'zod';
import { ID_MAX, ID_OUT_OF_RANGE } from './constants';
import { IGA_CREDIT, SPEED_CREDIT } from './analysis-kinds';

/** 'held': measured, but a second analyst confirms it before it is shown as verified (decision 198). */
export const REQUEST_STATUSES = ['pending', 'completed', 'rejected', 'held'] as const;

export const TURNAROUND_TEXT =
  'Request received. Please allow 48-72 hours to get your speed and athleticism verified.';
export const NO_SPEED_CREDIT = SPEED_CREDIT.noCredit;
export const NO_IGA_CREDIT = IGA_CREDIT.noCredit;
/** Submetric keys that stand for the two headline results rather than a component. */
export const MS_KEY = 'MS';

export const analysisRequestSchema = z.object({
  id: z.number(),
  playerId: z.number(),
  /** An analysis kind's key (analysis-kinds.ts): max_speed, iga. */
  requestType: z.string(),
  status: z.enum(REQUEST_STATUSES),
  hudlUrl: z.string(),
  startTime: z.string().nullable(),
  season: z.number(),
  positionId: z.number().nullable(),
  maxSpeed: z.number().nullable(),
  igaScore: z.number().nullable(),
  rejectionReason: z.string().nullable(),
  analystComment: z.string().nullable(),
  creditRefunded: z.boolean(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** A measured Max Speed's bound, method and (when typed over the measurement) the written reason. */
  maxSpeedPlusMinus: z.number().nullable(),
  methodLabel: z.string().nullable(),
  overrideReason: z.string().nullable(),
  sourceVideoId: z.number().nullable(),
});
export type AnalysisRequest = z.infer<typeof analysisRequestSchema>;

/** Both spellings of the counts are used by different screens. */
export const pendingRequestsSchema = z.object({
  total: z.number(),
  pendingCount: z.number(),
  iga: z.number(),
  igaPendingCount: z.number(),
  speed: z.number(),
  speedPendingCount: z.number(),
  /** Every kind's count by its key (analysis-kinds.ts), so a kind without the spec's fields (the 40) has a column too. */
  byKind: z.record(z.string(), z.number()),
});
export type PendingRequests = z.infer<typeof pendingRequestsSchema>;

export const queueItemSchema = z.object({
  id: z.number(),
  /** An analysis kind's key (analysis-kinds.ts): max_speed, iga. */
  requestType: z.string(),
  season: z.number(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  playerId: z.number(),
  playerFirstName: z.string(),
  playerLastName: z.string(),
  playerLevel: z.string(),
  positionId: z.number().nullable(),
  positionName: z.string().nullable(),
  hudlUrl: z.string(),
  startTime: z.string().nullable(),
  notes: z.string().nullable(),
  sourceVideoId: z.number().nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const idParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ID_MAX, ID_OUT_OF_RANGE),
});

/** The reasons an analyst rejects a request for (the form's schema: rejectSchema, analysis-forms.ts). */
export const REJECTION_REASONS = [
  'Video quality too low',
  'Incorrect timestamp',
  'Player not visible',
  'Invalid play type',
  'Other',
] as const;

/** A component of the IGA score measured for one position. */
export const positionSubmetricSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string().nullable(),
  decimals: z.number(),
  lowerIsBetter: z.boolean(),
});
export type PositionSubmetric = z.infer<typeof positionSubmetricSchema>;

/** A stored result of one analysis request. */
export const requestSubmetricSchema = z.object({
  id: z.number(),
  submetricName: z.string(),
  submetricKey: z.string(),
  value: z.number(),
  percentile: z.number(),
  unit: z.string().nullable(),
  decimals: z.number(),
});
export type RequestSubmetric = z.infer<typeof requestSubmetricSchema>;

/** Quantiles (0..100) of the verified results of the request's position and level; null under 20 values. */
export const populationSchema = z.object({
  minimum: z.number(),
  metrics: z.array(
    z.object({
      key: z.string(),
      count: z.number(),
      lowerIsBetter: z.boolean(),
      quantiles: z.array(z.number()).nullable(),
    }),
  ),
});
export type Population = z.infer<typeof populationSchema>;
export const POPULATION_MINIMUM = 20;

/** Transition times are timed to the hundredth; every other component to one decimal. */
export const decimalsFor = (name: string) => (/transition time/i.test(name) ? 2 : 1);

export const VIDEO_REQUIRED = 'Please select a processed video file to upload';

/** Where a value falls in a population given by its 101 quantiles: 0-100, higher is better. */
export function percentileFromQuantiles(value: number, quantiles: number[], lowerIsBetter: boolean) {
  const q = quantiles;
  let p: number;
  if (value <= q[0]) p = 0;
  else if (value >= q[q.length - 1]) p = 100;
  else {
    let i = 0;
    while (i < q.length - 2 && q[i + 1] <= value) i += 1;
    const span = q[i + 1] - q[i];
    p = ((i + (span > 0 ? (value - q[i]) / span : 0)) * 100) / (q.length - 1);
  }
  return Math.round(lowerIsBetter ? 100 - p : p);
}

/** The completion form's reason when the analyst's percentile is not the population one (issue 52 item 3). */
export const PERCENTILE_REASON_REQUIRED =
  'Say why the percentile differs from the population percentile (the receipt keeps it)';
