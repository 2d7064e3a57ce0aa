import { z } from 'zod';
import { ID_MAX } from './constants';

/** Tracked Max Speed (issue 31, decision 210): the player followed through every frame. */
export const TRACK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/**
 * A track's status (issue 48): a job's, and 'needs-click' when the tracker stopped where it could not
 * tell the player from another, or where the fastest 10 yards rest on a click made where the player ran much
 * slower (decision 302), and asks for a click on `needsClickAt.frameIndex`.
 */
export const TRACK_STATES = [...TRACK_STATUSES, 'needs-click'] as const;

const frameIndex = z
  .number({ error: 'Frame index must be a number' })
  .int('Frame index must be a whole number')
  .min(0, 'Frame index must be 0 or more: the first frame is 0')
  .max(10_000_000, 'Frame index must be at most 10000000');
const pixel = (axis: string) =>
  z
    .number({ error: `${axis} must be a number` })
    .min(0, `${axis} must be inside the frame`)
    .max(20_000, `${axis} must be inside the frame`);
/** A point on a frame, in pixels of the displayed (rotated) frame: the player's ground point. */
export const framePointSchema = z.object({ frameIndex, x: pixel('x'), y: pixel('y') });
export type FramePoint = z.infer<typeof framePointSchema>;

export const startTrackSchema = z.object({
  videoId: z
    .number({ error: 'Video ID must be a number' })
    .int('Video ID must be a number')
    .positive('Video ID must be a number')
    .max(ID_MAX, 'Video ID must be a number'),
  seeds: z
    .array(framePointSchema, { error: 'Click the player on a frame to start tracking' })
    .min(1, 'Click the player on a frame to start tracking')
    .max(2, 'At most two clicks: one to start and one to disambiguate'),
});
export type StartTrackInput = z.infer<typeof startTrackSchema>;

export const refitTrackSchema = z.object({
  corrections: z.array(framePointSchema).max(10_000).default([]),
  dropped: z.array(frameIndex).max(10_000).default([]),
});
export type RefitTrackInput = z.infer<typeof refitTrackSchema>;

export const trackedFrameSchema = z.object({
  frameIndex: z.number(),
  time: z.number(),
  x: z.number(),
  y: z.number(),
  /** Along the field, in the runner's direction, from the yard line behind the first click. */
  yards: z.number().nullable(),
  confidence: z.number(),
  /**
   * 'tracked', 'low' (confidence under the threshold: not fitted), 'unsure' (another player who looks the
   * same was close enough to take the track, or it was lost before: not fitted), 'corrected', 'dropped',
   * 'skipped' (not followed: a clip of 200 frames a second or more, or too long for every frame, is followed
   * on every second, third ... frame; no point there, decision 301).
   */
  state: z.enum(['tracked', 'low', 'unsure', 'corrected', 'dropped', 'skipped']),
});

const boundedSchema = z.object({ value: z.number(), plusMinus: z.number() });

export const trackResultSchema = z.object({
  frames: z.array(trackedFrameSchema),
  /** Per frame, the yard lines used: yard along the run and the line's x at the top and bottom of the frame. */
  lines: z.array(
    z.object({
      frameIndex: z.number(),
      lines: z.array(z.object({ yardLine: z.number(), x0: z.number(), x1: z.number() })),
    }),
  ),
  crossings: z.array(z.object({ yardLine: z.number(), frameIndex: z.number(), time: z.number() })),
  profile: z.array(z.object({ time: z.number(), yards: z.number(), mph: z.number() })),
  maxSpeed: z
    .object({
      mph: z.number(),
      plusMinusMph: z.number(),
      fromYard: z.number(),
      toYard: z.number(),
      fromTime: z.number(),
      toTime: z.number(),
    })
    .nullable(),
  splits: z.array(z.object({ fromYard: z.number(), toYard: z.number(), seconds: boundedSchema })),
  flyTen: boundedSchema.nullable(),
  toNinety: z.object({ seconds: z.number(), yards: z.number() }).nullable(),
  fit: z.object({
    knots: z.array(z.number()),
    coefficients: z.array(z.number()),
    residualYards: z.number(),
    calibrationYards: z.number(),
    framesUsed: z.number(),
    /** Issue 48: the ground point's stray from the feet (one deviation, yards, each end), in the bound. */
    groundYards: z.number().default(0),
    /** Issue 48: the shift of the ground point the camera's perspective allows over the window (yards), in the bound. */
    perspectiveYards: z.number().default(0),
    /**
     * Issue 48, tracker 2.17.0 (decision 331): yards taken off the window's distance for the lean's likely
     * share (half of `perspectiveYards`, by the way his column moved; negative where it added), 0 where the
     * lean's direction is not known. The bound holds `perspectiveYards` less this, in full.
     */
    leanShiftYards: z.number().default(0),
    /**
     * Issue 48, tracker 2.26.0 (decision 363): where the map at an end of the window rests on two yard lines
     * and the clip never showed the horizon's slope (four lines at once), the most a phone held up to 3
     * degrees off level moves the window's distance (yards), in the bound in full. 0 otherwise (and before).
     */
    horizonYards: z.number().default(0),
    /**
     * Issue 48, tracker 2.22.0 (decision 354): where clicks that could not be lined up (made close together
     * where another player came near) meet near the fastest 10 yards, the steps between the clicks' frames,
     * each fitted with the run as an offset; their uncertainty is in the fit's spread. 0 where none was (or
     * before tracker 2.22.0).
     */
    clickSteps: z.number().default(0),
  }),
  width: z.number(),
  height: z.number(),
  method: z.string(),
  algorithm: z.object({ name: z.string(), version: z.string(), params: z.record(z.string(), z.number()) }),
  problems: z.array(z.string()),
  /** Frames the tracker was unsure of (lost, or another player close): shown on the workbench, not fitted. */
  unsure: z.array(z.number()).default([]),
});
export type TrackResult = z.infer<typeof trackResultSchema>;

const needsClickSchema = z.object({
  frameIndex: z.number(),
  reason: z.string(),
  kind: z
    .enum(['resume', 'confirm'])
    .optional()
    .describe(
      "'resume': the track goes on from the click (or ends there, with the frame dropped: the player is not in view); 'confirm': a click on the tracked point confirms it (the player meant, or the track where the fastest 10 yards begin and end: decision 308), one elsewhere tracks the player again from it",
    ),
});

export const trackSchema = z.object({
  id: z.number(),
  status: z.enum(TRACK_STATES),
  progress: z.number(),
  error: z.string().optional(),
  advice: z
    .string()
    .optional()
    .describe(
      "With status 'failed' where the tracker refused the track: what the family is told, in their words (why no Max Speed could be verified from the clip, and how to film the next one); the analyst's rejection starts from it",
    ),
  /** With status 'needs-click': the frame to click the player on, and why (PATCH a correction there). */
  needsClickAt: needsClickSchema.optional(),
  result: trackResultSchema.optional(),
});
export type Track = z.infer<typeof trackSchema>;

export const trackStartedSchema = z.object({ id: z.number(), status: z.enum(TRACK_STATUSES) });

/** 'video 29.97 fps, tracked, 142 frames' (the public receipt's method line). */
export function trackedMethodLabel(fps: { num: number; den: number }, vfr: boolean, frames: number) {
  const rate = fps.den && fps.num ? String(Math.round((fps.num / fps.den) * 100) / 100) : '?';
  return `video ${vfr ? 'variable rate, about ' : ''}${rate} fps, tracked, ${frames} frames`;
}

/**
 * How often a track followed the clip (decisions 301, 356): 1 on every frame, 2 on every second frame (a clip of
 * about 120 frames a second), 4 on every fourth (240), and so on; from its frames, those not followed being
 * 'skipped'.
 */
export function followStep(frames: { state: string }[]) {
  const followed = frames.filter((f) => f.state !== 'skipped').length;
  return followed ? Math.max(1, Math.round(frames.length / followed)) : 1;
}

/** 'in every frame', 'on every second frame' ...: how often a track followed the clip, in words. */
export function followedInWords(step: number) {
  if (step <= 1) return 'in every frame';
  const nth = ['second', 'third', 'fourth', 'fifth'][step - 2];
  return nth ? `on every ${nth} frame` : `on one frame in ${step}`;
}
