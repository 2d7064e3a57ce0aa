import { analysisKinds, kindOfMetric } from './analysis-kinds';
import { z } from 'zod';
import { LEVELS } from './constants';

/** The metrics the leaderboard screen offers: one per analysis kind, derived from the registry (analysis-kinds.ts). */
export type LeaderboardMetric = string;
export const LEADERBOARD_METRICS: readonly LeaderboardMetric[] = analysisKinds().map(
  (k) => k.leaderboardMetric,
);
const metricError = () =>
  `Metric must be ${analysisKinds()
    .map((k) => k.leaderboardMetric)
    .join(' or ')}`;
export const LEADERBOARD_PAGE_SIZE = 25;
const LEADERBOARD_MAX_LIMIT = 100;
/** Deeper pages cost a walk over the index; nobody scrolls past this many rows. */
const LEADERBOARD_MAX_OFFSET = 100_000;
const SEASON_MIN = 2000;
const SEASON_MAX = 2099;
/** The page offers All Time plus the current year and the 6 before it. */
const LEADERBOARD_SEASON_COUNT = 7;

const intParam = (msg: string) =>
  z.string({ error: msg }).regex(/^\d+$/, msg).transform(Number).pipe(z.number().int());

export const leaderboardQuerySchema = z
  .object({
    // Read at each call: every registered kind's metric is accepted.
    metric: z
      .string({ error: metricError })
      .refine((m) => kindOfMetric(m) !== undefined, { error: metricError })
      .meta({
        description: `${analysisKinds()
          .map((k) => k.leaderboardMetric)
          .join(', ')} (one metric per analysis kind; a lower-is-better kind ranks ascending)`,
      }),
    level: z.enum(LEVELS, { error: 'Level must be High School or College' }),
    season: intParam('Season must be a number')
      .pipe(
        z
          .number()
          .min(SEASON_MIN, 'Season must be between 2000 and 2099')
          .max(SEASON_MAX, 'Season must be between 2000 and 2099'),
      )
      .optional(),
    all_time: z.enum(['true', 'false'], { error: 'all_time must be true or false' }).optional(),
    offset: intParam('Offset must be a whole number')
      .pipe(z.number().max(LEADERBOARD_MAX_OFFSET, `Offset must be at most ${LEADERBOARD_MAX_OFFSET}`))
      .default(0),
    limit: intParam('Limit must be a whole number')
      .pipe(
        z
          .number()
          .min(1, 'Limit must be at least 1')
          .max(LEADERBOARD_MAX_LIMIT, `Limit must be at most ${LEADERBOARD_MAX_LIMIT}`),
      )
      .default(LEADERBOARD_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    const allTime = q.all_time === 'true';
    if (allTime && q.season !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['season'],
        message: 'Choose either a season or all_time, not both',
      });
    }
    if (!allTime && q.season === undefined) {
      ctx.addIssue({ code: 'custom', path: ['season'], message: 'Choose a season or all_time=true' });
    }
  });
export type LeaderboardQuery = z.output<typeof leaderboardQuerySchema>;

/** Only what the page shows: never an address, phone, email or date of birth. */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  graduationYear: z.number().int().nullable(),
  position: z.string().nullable(),
  playerName: z.string(),
  metricValue: z.number(),
  /** A measured Max Speed's bound and method (null for IGA scores and unmeasured values). */
  plusMinus: z.number().nullable(),
  methodLabel: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  /** Percentile within the current filter (decision 113); null under the minimum group size. */
  percentile: z.number().int().nullable().optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardPageSchema = z.object({
  entries: z.array(leaderboardEntrySchema),
  hasMore: z.boolean(),
  /** The group every entry's percentile compares against: the whole filter, with its size. */
  percentileGroup: z.object({ size: z.number().int(), label: z.string() }).nullable().optional(),
});
export type LeaderboardPage = z.infer<typeof leaderboardPageSchema>;

/** All Time, then the current year and the 6 before it. */
export function leaderboardSeasons(now = new Date()) {
  const year = now.getFullYear();
  return Array.from({ length: LEADERBOARD_SEASON_COUNT }, (_, i) => year - i);
}
