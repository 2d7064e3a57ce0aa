import { z } from 'zod';
import { REJECTION_REASONS, decimalsFor, type PositionSubmetric } from './analysis';
import {
  analysisKinds,
  filmedKinds,
  findAnalysisKind,
  kindOfResultField,
  type AnalysisKind,
  type FilmedKind,
} from './analysis-kinds';
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
 * The schemas of what the analysis forms send (decision 234): a family's request of each kind (the
 * registry in analysis-kinds.ts names the kinds, `REQUEST_FORMS` here their forms) and the analyst queue's
 * completion and rejection. Kept apart from analysis.ts, analysis-kinds.ts and the kinds' own files, which the
 * signed-in screens import for their constants and data: those never import this module, so a screen
 * evaluates zod only with a form that uses it. This module may import them.
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

const id = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(ID_MAX, msg);

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

/** Max Speed and IGA, reached by the fields the specification keeps their results in (issue 51). */
const SPEED = kindOfResultField('maxSpeed');
const IGA = kindOfResultField('igaScore');

export const speedRequestSchema = speedRequestFormSchema.extend({
  playerId: id('Player ID must be a number'),
  requestType: z.literal(SPEED.key).default(SPEED.key),
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

/**
 * The family's request of a kind measured from a clip's frames (decisions 209, 243 and 263): the clip is uploaded to the player's library with it, so `videoId` is required and
 * there is no Hudl link (stored as ''). One form for every such kind, its messages from its entry (decision 263).
 */
export const filmedRequestFormSchema = (kind: Pick<AnalysisKind, 'label'> & { filmed: FilmedKind }) =>
  z.object({
    hudlUrl: z
      .literal('', {
        error: `A ${kind.label.toLowerCase()} is measured on the uploaded clip, not on a Hudl link`,
      })
      .default(''),
    season,
    positionId: id('Please select a position'),
    videoId: id(kind.filmed.clipRequired),
    notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
  });

/**
 * Each kind's request form (without the player), by the kind's key, read by `POST /api/analysis-requests`
 * (the kinds' table holds no schema: the player card reads it).
 */
export const REQUEST_FORMS = new Map<string, z.ZodObject>([
  [SPEED.key, speedRequestFormSchema],
  [IGA.key, igaRequestFormSchema],
  ...filmedKinds().map((k): [string, z.ZodObject] => [k.key, filmedRequestFormSchema(k)]),
]);

/**
 * Adds the request form of a kind registered for the life of a test (`registerAnalysisKind`). Answers the
 * function that removes it again. Product code registers nothing at run time.
 */
export function registerRequestForm(key: string, form: z.ZodObject): () => void {
  if (REQUEST_FORMS.has(key)) throw new Error(`The request form of '${key}' is already registered`);
  REQUEST_FORMS.set(key, form);
  return () => REQUEST_FORMS.delete(key);
}

const playerId = id('Player ID must be a number');

/**
 * The body of `POST /api/analysis-requests`: `requestType` names the kind, whose form reads the rest with
 * its own messages; without one it is a Max Speed request, as the specification's first requests were.
 * Read at each call, so every registered kind is accepted.
 */
export const analysisRequestBodySchema = z
  .looseObject({
    requestType: z
      .string()
      .optional()
      .meta({
        description: `An analysis kind: ${[...REQUEST_FORMS.keys()].map((k) => (k === SPEED.key ? `${k} (default)` : k)).join(', ')}`,
      }),
  })
  .transform((raw, ctx): AnalysisRequestBody => {
    const kind = findAnalysisKind(raw.requestType ?? SPEED.key);
    const form = kind && REQUEST_FORMS.get(kind.key);
    if (!kind || !form) {
      const message = `Request type must be one of: ${analysisKinds()
        .filter((k) => REQUEST_FORMS.has(k.key))
        .map((k) => k.key)
        .join(', ')}`;
      ctx.addIssue({ code: 'custom', message, path: ['requestType'] });
      return z.NEVER;
    }
    const parsed = form.extend({ playerId }).safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...(parsed.data as Omit<AnalysisRequestBody, 'requestType'>), requestType: kind.key };
  });

/** The analyst's rejection of a request (the queue's form and `POST /api/analysis-requests/:id/reject`). */
export const rejectSchema = z.object({
  reason: z.enum(REJECTION_REASONS, { error: 'Please select a reason' }),
  comment: z
    .string({ error: 'Please provide additional details' })
    .trim()
    .min(1, 'Please provide additional details')
    .max(2000),
});
export type RejectInput = z.infer<typeof rejectSchema>;

const decimalNumber = (required: string, decimals: number, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(new RegExp(`^\\d{1,4}(\\.\\d{1,${decimals}})?$`), invalid)
    .transform(Number);

const percentile = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{1,3}$/, 'Please enter a valid percentile (0-100)')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0, 'Percentile must be between 0 and 100')
        .max(100, 'Percentile must be between 0 and 100'),
    );

const ONE_DECIMAL = 'Please enter a valid number with up to 1 decimal place';

/**
 * The fields of the complete call (multipart text parts, so every value is a string). The IGA shape
 * depends on the request's position, so the form and the server build it from the same catalogue.
 */
export function completeFieldsSchema(
  type: string,
  submetrics: Pick<PositionSubmetric, 'key' | 'name'>[] = [],
) {
  const base = {
    comment: z.string().trim().max(2000).optional(),
    percentileReason: z.string().trim().max(500, 'Keep the reason under 500 characters').optional(),
  };
  // A Max Speed's value comes from its measurement; the IGA score and its components are typed.
  if (findAnalysisKind(type)?.resultField === 'maxSpeed') {
    return z.object({
      ...base,
      maxSpeed: decimalNumber('Max Speed is required', 1, ONE_DECIMAL).pipe(
        z
          .number()
          .gt(0, 'Max speed must be between 0 and 40 mph')
          .max(40, 'Max speed must be between 0 and 40 mph'),
      ),
      maxSpeed_percentile: percentile('Percentile is required'),
    });
  }
  const shape: Record<string, z.ZodType> = {
    ...base,
    igaScore: decimalNumber('IGA Score is required', 1, ONE_DECIMAL).pipe(
      z
        .number()
        .min(50, 'IGA score must be between 50 and 100')
        .max(100, 'IGA score must be between 50 and 100'),
    ),
  };
  for (const s of submetrics) {
    const d = decimalsFor(s.name);
    shape[`submetric_${s.key}`] = decimalNumber(
      `${s.name} is required`,
      d,
      `Please enter a valid number with up to ${d} decimal place${d > 1 ? 's' : ''}`,
    );
    shape[`submetric_${s.key}_percentile`] = percentile(`Percentile for ${s.name} is required`);
  }
  return z.object(shape);
}
