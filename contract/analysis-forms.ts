import { z } from 'zod';
import { ID_MAX } from './constants';
import {
  HUDL_URL_INVALID,
  HUDL_VIDEO_ONLY,
  HUDL_VIDEO_OR_CLIP,
  isHudlVideoUrl,
  isWebUrl,
  PLAY_SOURCE_MISSING,
} from './hudl-links';

/**
 * What a family fills in to ask for an analysis, per kind (the registry in analysis-kinds.ts names each
 * kind's form). Kept apart from analysis.ts so that the registry can hold them without an import cycle.
 */
const SEASON_MIN = 2000;
const SEASON_MAX = 2099;

/**
 * The link of the play: an address ('Please enter a valid Hudl URL', the specification's words), and one
 * of Hudl's video addresses, not a profile page or another site (decision 206). `optional`: '' allowed.
 */
const hudlVideoLink = (notVideo: string, optional = false) =>
  z
    .string({ error: HUDL_URL_INVALID })
    .trim()
    .max(2000, HUDL_URL_INVALID)
    .superRefine((s, ctx) => {
      if (optional && s === '') return;
      if (!isWebUrl(s)) ctx.addIssue({ code: 'custom', message: HUDL_URL_INVALID });
      else if (!isHudlVideoUrl(s)) ctx.addIssue({ code: 'custom', message: notVideo });
    });

// NaN (an emptied number input) reads as "not a number" too.
const season = z
  .number({ error: 'Season must be a number' })
  .int('Season must be a number')
  .min(SEASON_MIN, `Season must be between ${SEASON_MIN} and ${SEASON_MAX}`)
  .max(SEASON_MAX, `Season must be between ${SEASON_MIN} and ${SEASON_MAX}`);

export const id = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(ID_MAX, msg);

/** A speed request measures a Hudl video or a clip of the player's library: one of the two is needed. */
export const speedRequestFormSchema = z
  .object({
    hudlUrl: hudlVideoLink(HUDL_VIDEO_OR_CLIP, true).default(''),
    // Seconds are 00-59 ('99:99' is no time in a video).
    startTime: z
      .string({ error: 'Please enter time in MM:SS format' })
      .regex(/^\d{2}:[0-5]\d$/, 'Please enter time in MM:SS format'),
    season,
    positionId: id('Please select a position'),
    /** The library video to measure on (optional: the analyst may upload the source clip instead). */
    videoId: id('Video ID must be a number').nullish(),
  })
  .refine((f) => f.hudlUrl !== '' || Boolean(f.videoId), {
    path: ['hudlUrl'],
    message: PLAY_SOURCE_MISSING,
    // Said at once, beside the other fields' messages, unless the link or the clip is wrong itself.
    when: (p) => !p.issues.some((i) => i.path?.[0] === 'hudlUrl' || i.path?.[0] === 'videoId'),
  });
export type SpeedRequestForm = z.infer<typeof speedRequestFormSchema>;

export const speedRequestSchema = speedRequestFormSchema.extend({
  playerId: id('Player ID must be a number'),
  requestType: z.literal('max_speed').default('max_speed'),
});
export type SpeedRequestInput = z.infer<typeof speedRequestSchema>;

export const igaRequestFormSchema = z.object({
  hudlUrl: hudlVideoLink(HUDL_VIDEO_ONLY),
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
