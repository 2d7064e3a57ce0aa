import { z } from 'zod';
import { ID_MAX } from './constants';
import { MAX_MARKS, MIN_MARKS } from './measurement-math';
import { framePointSchema, trackResultSchema } from './tracking';
import { percentileSchema } from './percentiles';

/** The revision a receipt's address names (`?revision=N`); null for the latest, and for one not a number. */
export const receiptRevision = (search: URLSearchParams) => Number(search.get('revision')) || null;

export const LANDMARKS = ['torso', 'front_foot'] as const;
export type Landmark = (typeof LANDMARKS)[number];
export const LANDMARK_LABELS: Record<Landmark, string> = {
  torso: 'Torso / hip',
  front_foot: 'Front foot contact',
};
export const OVERRIDE_REASON_REQUIRED = 'An override needs a written reason';
export const MEASUREMENT_REQUIRED = 'Mark the run on the video: a Max Speed is measured, not typed';
export const QUALITY_REJECT_REASON = 'Video quality too low';

const id = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(ID_MAX, msg);

const markSchema = z.object({
  frameIndex: z
    .number({ error: 'Frame index must be a number' })
    .int('Frame index must be a whole number')
    .min(0, 'Frame index must be 0 or more: the first frame is 0')
    .max(10_000_000, 'Frame index must be at most 10000000'),
  yardLine: z
    .number({ error: 'Yard line must be a number' })
    .int('Yard line must be a whole number')
    .min(0, 'Yard line must be between 0 and 100')
    .max(100, 'Yard line must be between 0 and 100'),
});

export const previewSchema = z.object({
  videoId: id('Video ID must be a number'),
  landmark: z.enum(LANDMARKS, { error: 'Choose the landmark: torso or front_foot' }),
  marks: z
    .array(markSchema, { error: 'Marks are required' })
    .min(MIN_MARKS, `Mark at least ${MIN_MARKS} yard-line crossings`)
    .max(MAX_MARKS, `Mark at most ${MAX_MARKS} yard-line crossings`),
});
export type PreviewInput = z.infer<typeof previewSchema>;

/** The `measurement` multipart field of the complete call (JSON text). */
export const measurementFieldSchema = previewSchema.extend({
  override: z
    .object({
      maxSpeed: z
        .number({ error: 'Override must be a number' })
        .gt(0, 'Max speed must be between 0 and 40 mph')
        .max(40, 'Max speed must be between 0 and 40 mph'),
      reason: z.string({ error: OVERRIDE_REASON_REQUIRED }).trim().min(1, OVERRIDE_REASON_REQUIRED).max(2000),
    })
    .optional(),
});
export type MeasurementField = z.infer<typeof measurementFieldSchema>;

/** The `measurement` field of a tracked Max Speed (issue 31): the source video and its finished track. */
export const trackedFieldSchema = z.object({
  videoId: id('Video ID must be a number'),
  trackId: id('Track ID must be a number'),
});
export type TrackedField = z.infer<typeof trackedFieldSchema>;

const spanSchema = z.object({
  fromFrame: z.number(),
  toFrame: z.number(),
  fromYard: z.number(),
  toYard: z.number(),
  yards: z.number(),
  seconds: z.number(),
  secondsMin: z.number(),
  secondsMax: z.number(),
  mph: z.number(),
  mphLow: z.number(),
  /** null only on receipts stored before impossible marks were refused: no upper bound (decision 198). */
  mphHigh: z.number().nullable(),
});

export const measurementResultSchema = z.object({
  videoId: z.number(),
  landmark: z.enum(LANDMARKS),
  marks: z.array(z.object({ frameIndex: z.number(), yardLine: z.number(), time: z.number() })),
  intervals: z.array(spanSchema),
  window: spanSchema.extend({ plusMinus: z.number(), underTenYards: z.boolean() }),
  maxSpeed: z.number(),
  plusMinus: z.number(),
  profile: z.array(z.object({ yard: z.number(), mph: z.number() })),
  fpsLabel: z.string(),
  /** New pictures per second over the marked run: the rate the 25 fps floor applies to. */
  realFps: z.number(),
  methodLabel: z.string(),
  /** How far the Max Speed moves when one end of its window is marked one frame off (mph). */
  oneFrameMph: z.number(),
  /** Non-empty: the dialog says why and offers the reject reason 'Video quality too low'. */
  qualityProblems: z.array(z.string()),
  /** Non-empty: completing holds the result for a second analyst before it is shown as verified. */
  holdReasons: z.array(z.string()),
  /** A tracked Max Speed (decision 210): the track it came from; the marks are its proposed crossings. */
  tracked: z
    .object({
      trackId: z.number(),
      seeds: z.array(framePointSchema),
      corrections: z.array(framePointSchema),
      dropped: z.array(z.number()),
      result: trackResultSchema,
    })
    .optional(),
});
export type MeasurementResult = z.infer<typeof measurementResultSchema>;

/** What the server read from a video file with ffprobe (and the working copy made for the browser). */
export const videoMediaSchema = z.object({
  videoId: z.number(),
  status: z.enum(['ready', 'failed']),
  error: z.string().nullable(),
  sha256: z.string(),
  container: z.string(),
  codec: z.string(),
  width: z.number(),
  height: z.number(),
  rotation: z.number(),
  /** e.g. '1/30000' */
  timeBase: z.string(),
  /** Exact fractions: '30000/1001' is not 30. */
  nominalFps: z.string(),
  averageFps: z.string(),
  frameCount: z.number(),
  durationSeconds: z.number(),
  variableFrameRate: z.boolean(),
  /** The file the browser decodes: the source, or an H.264 copy keeping every frame and its time. */
  workingUrl: z.string().nullable(),
  workingSha256: z.string(),
  workingCodec: z.string(),
  hasWorkingCopy: z.boolean(),
  /** Presentation time (seconds from the first frame) of every frame of the working file. */
  frameTimes: z.array(z.number()),
});
export type VideoMedia = z.infer<typeof videoMediaSchema>;

/** What a receipt keeps of its result's percentile (decision 249). */
export const receiptPercentileSchema = z.object({
  /** The stored percentile: the population one unless the analyst changed it. */
  value: z.number(),
  /** The population percentile at completion, with its group; null when no group was large enough. */
  computed: percentileSchema.nullable(),
  /** Why the analyst's value differs from the computed one. */
  reason: z.string().nullable(),
});
export type ReceiptPercentile = z.infer<typeof receiptPercentileSchema>;

export const receiptSchema = z.object({
  requestId: z.number(),
  revision: z.number(),
  revisions: z.array(
    z.object({ revision: z.number(), createdAt: z.string(), maxSpeed: z.number(), analystName: z.string() }),
  ),
  playerId: z.number(),
  playerName: z.string(),
  position: z.string().nullable(),
  season: z.number(),
  analystName: z.string(),
  createdAt: z.string(),
  /** When the result was completed: the date it is verified on, on every screen (null while held for audit). */
  completedAt: z.string().nullable(),
  video: z.object({
    videoId: z.number().nullable(),
    sourceSha256: z.string(),
    workingSha256: z.string(),
    hasWorkingCopy: z.boolean(),
    container: z.string(),
    codec: z.string(),
    width: z.number(),
    height: z.number(),
    nominalFps: z.string(),
    averageFps: z.string(),
    timeBase: z.string(),
    variableFrameRate: z.boolean(),
    frameCount: z.number(),
  }),
  landmark: z.enum(LANDMARKS),
  measurement: measurementResultSchema,
  /** The stored value: the measured one, or the override. */
  maxSpeed: z.number(),
  plusMinus: z.number(),
  methodLabel: z.string(),
  override: z.object({ maxSpeed: z.number(), reason: z.string() }).nullable(),
  /** The stored percentile, the population one at completion with its group, and why they differ. */
  percentile: receiptPercentileSchema.nullable().default(null),
  stills: z.array(
    z.object({ frameIndex: z.number(), yardLine: z.number(), time: z.number(), url: z.string() }),
  ),
  /** A tracked Max Speed: the frames that bound its window, with the track drawn on them (issue 31). */
  trackStills: z
    .array(
      z.object({
        which: z.enum(['first', 'last']),
        frameIndex: z.number(),
        time: z.number(),
        url: z.string(),
      }),
    )
    .default([]),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * A player's best completed result of a kind kept in kind_receipts (decision 263), for the card's tiles:
 * any such kind, the test-only ones too, read the same way.
 */
export const kindBestSchema = z.object({
  kind: z.string(),
  requestId: z.number(),
  value: z.number(),
  plusMinus: z.number(),
  method: z.string(),
  season: z.number(),
  completedAt: z.string().nullable(),
  /** The kind's own facts beside the value, when its module gives some (the 40: `splits`, decision 269). */
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type KindBest = z.infer<typeof kindBestSchema>;
