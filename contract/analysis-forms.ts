import { z } from 'zod';
import { ID_MAX } from './constants';

/**
 * What a family fills in to ask for an analysis, per kind (the registry in analysis-kinds.ts names each
 * kind's form). Kept apart from analysis.ts so that the registry can hold them without an import cycle.
 */
const SEASON_MIN = 2000;
const SEASON_MAX = 2099;

const hudlUrl = z
  .string({ error: 'Please enter a valid Hudl URL' })
  .trim()
  .max(2000, 'Please enter a valid Hudl URL')
  .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid Hudl URL' }));

// NaN (an emptied number input) reads as "not a number" too.
const season = z
  .number({ error: 'Season must be a number' })
  .int('Season must be a number')
  .min(SEASON_MIN, `Season must be between ${SEASON_MIN} and ${SEASON_MAX}`)
  .max(SEASON_MAX, `Season must be between ${SEASON_MIN} and ${SEASON_MAX}`);

export const id = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(ID_MAX, msg);

export const speedRequestFormSchema = z.object({
  hudlUrl,
  // Seconds are 00-59 ('99:99' is no time in a video).
  startTime: z
    .string({ error: 'Please enter time in MM:SS format' })
    .regex(/^\d{2}:[0-5]\d$/, 'Please enter time in MM:SS format'),
  season,
  positionId: id('Please select a position'),
  /** The library video to measure on (optional: the analyst may upload the source clip instead). */
  videoId: id('Video ID must be a number').nullish(),
});
export type SpeedRequestForm = z.infer<typeof speedRequestFormSchema>;

export const speedRequestSchema = speedRequestFormSchema.extend({
  playerId: id('Player ID must be a number'),
  requestType: z.literal('max_speed').default('max_speed'),
});
export type SpeedRequestInput = z.infer<typeof speedRequestSchema>;

export const igaRequestFormSchema = z.object({
  hudlUrl,
  season,
  positionId: id('Position ID must be a number'),
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
});
export type IgaRequestForm = z.infer<typeof igaRequestFormSchema>;

export const igaRequestSchema = igaRequestFormSchema.extend({ playerId: id('Player ID must be a number') });
export type IgaRequestInput = z.infer<typeof igaRequestSchema>;

/** What every kind's request carries once its form is read (a kind's form may leave the optional ones out). */
export interface AnalysisRequestBody {
  requestType: string;
  playerId: number;
  hudlUrl: string;
  season: number;
  positionId: number;
  startTime?: string;
  notes?: string;
  videoId?: number | null;
}
