import { z } from 'zod';
import { filmedKind } from './analysis-kinds';
import { ID_MAX } from './constants';
import { framePointSchema, TRACK_STATUSES } from './tracking';

/** The verified 40-yard dash (decision 209): what the analyst sends and what the server answers. */

export const FORTY_MEASUREMENT_REQUIRED = filmedKind('forty').measurementRequired;

const id = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(ID_MAX, msg);

const frame = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be 0 or more: the first frame is 0`)
    .max(10_000_000, `${what} must be at most 10000000`);

export const fortyLineSchema = z.object({
  yardLine: z
    .number({ error: 'Yard line must be a number' })
    .int('Yard line must be 0, 10, 20, 30 or 40')
    .refine((y) => [0, 10, 20, 30, 40].includes(y), 'Yard line must be 0, 10, 20, 30 or 40'),
  frameIndex: frame('Frame index'),
});

export const FORTY_START_BEFORE_FINISH = 'The start frame must come before the finish frame';

/** `measurement` of the forty's completion, and the preview's body. */
export const fortyMeasurementSchema = z
  .object({
    videoId: id('Video ID must be a number'),
    startFrame: frame('Start frame'),
    finishFrame: frame('Finish frame'),
    lines: z
      .array(fortyLineSchema, { error: 'Mark the start line (0) and the finish line (40)' })
      .min(2, 'Mark the start line (0) and the finish line (40)')
      .max(5, 'Mark each of the lines 0, 10, 20, 30 and 40 at most once'),
    /** The tracker's proposal the analyst started from, when one was used (decision 212): kept on the receipt. */
    proposalId: id('Proposal ID must be a number').optional(),
  })
  .refine((m) => m.startFrame < m.finishFrame, { message: FORTY_START_BEFORE_FINISH, path: ['finishFrame'] });
export type FortyMeasurement = z.infer<typeof fortyMeasurementSchema>;

const splitSchema = z.object({
  yardLine: z.number(),
  frameIndex: z.number(),
  seconds: z.number(),
  plusMinusSeconds: z.number(),
});

/** `POST /api/measurements/forty/preview`: the time, its bound, the splits, the rate and the method. */
export const fortyPreviewSchema = z.object({
  videoId: z.number(),
  seconds: z.number(),
  plusMinusSeconds: z.number(),
  splits: z.array(splitSchema),
  /** The rate to 0.01 as the file states it (59.94, 120); `fpsFraction` is the exact fraction ('60000/1001'). */
  fps: z
    .number()
    .describe(
      'The rate as the file states it, to 0.01 (59.94, 119.88, 120; the filmed rate of slow motion or a time-lapse)',
    ),
  /** Absent on receipts stored before issue 49. */
  fpsFraction: z
    .string()
    .optional()
    .describe(
      "The same rate exactly, as a fraction: '60000/1001', '120/1' (absent on receipts stored before decision 241)",
    ),
  /** Still frames before the start and the finish the bound reaches back over (decision 241); absent before it. */
  framesInDoubt: z
    .object({ start: z.number(), finish: z.number() })
    .optional()
    .describe(
      'Frames before the start and before the finish that showed a still picture the phone may have repeated, and that the bound reaches back over (decision 241)',
    ),
  method: z.string(),
  rawSeconds: z.number(),
  secondsMin: z.number(),
  secondsMax: z.number(),
  startTime: z.number(),
  finishTime: z.number(),
  startFrameSeconds: z.number(),
  finishFrameSeconds: z.number(),
  realFps: z.number(),
  /** Non-empty: the clip cannot give a verified 40; the analyst rejects it ('Video quality too low'). */
  qualityProblems: z.array(z.string()),
});
export type FortyPreview = z.infer<typeof fortyPreviewSchema>;

/** A verified 40 as the card, the stats panel and the public profile show it. */
export const fortyResultSchema = z.object({
  requestId: z.number(),
  season: z.number(),
  seconds: z.number(),
  plusMinusSeconds: z.number(),
  method: z.string(),
  splits: z.array(z.object({ yardLine: z.number(), seconds: z.number(), plusMinusSeconds: z.number() })),
  completedAt: z.string().nullable(),
});
export type FortyResult = z.infer<typeof fortyResultSchema>;

const stillSchema = z.object({
  label: z.string(),
  frameIndex: z.number(),
  time: z.number(),
  url: z.string(),
});

/** The evidence of a verified 40: the file, the marks, the arithmetic and the stills of the four frames. */
export const fortyReceiptSchema = z.object({
  requestId: z.number(),
  playerId: z.number(),
  playerName: z.string(),
  season: z.number(),
  analystName: z.string(),
  createdAt: z.string(),
  video: z.object({
    videoId: z.number().nullable(),
    sourceSha256: z.string(),
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
  marks: fortyMeasurementSchema,
  result: fortyPreviewSchema,
  /** 'This is electronic-style video time ...': what the ± covers and that it is no hand time. */
  boundInWords: z.string(),
  stills: z.array(stillSchema),
  /** What the re-check of stored 40s found (decision 241) when it held this one for an analyst; null otherwise. */
  recheck: z
    .object({
      at: z.string(),
      rule: z.string(),
      reasons: z.array(z.string()),
      /** The time under the current rules, or null when they refuse it. */
      result: fortyPreviewSchema.nullable(),
    })
    .nullable()
    .optional(),
  /** The 40 as it was stored before an analyst confirmed or corrected it after the re-check. */
  previous: z
    .object({
      seconds: z.number(),
      plusMinusSeconds: z.number(),
      method: z.string(),
      analystName: z.string(),
      startFrame: z.number(),
      finishFrame: z.number(),
    })
    .nullable()
    .optional(),
  /** The tracker's proposal the analyst started from (decision 212), or null when every frame was marked by hand. */
  proposal: z
    .object({
      id: z.number(),
      algorithm: z.string(),
      version: z.string(),
      startFrame: z.number().nullable(),
      finishFrame: z.number().nullable(),
      lines: z.array(z.object({ yardLine: z.number(), frameIndex: z.number() })),
      notes: z.array(z.string()),
      /** 'Start: moved from frame 121 to frame 123'; empty when the analyst kept every proposed frame. */
      changes: z.array(z.string()),
    })
    .nullable(),
});
export type FortyReceipt = z.infer<typeof fortyReceiptSchema>;

/**
 * The tracker's proposal of the 40's frames (decision 212): the analyst clicks the start line and the
 * finish line on a frame where each is visible; the server finds the first movement, the torso's crossing
 * of the finish line and of the 10-yard lines it can tell apart. A proposal is never a result: the analyst
 * confirms each frame (or moves it) and the marks are what is timed.
 */
export const fortyProposalInputSchema = z.object({
  videoId: id('Video ID must be a number'),
  startLine: framePointSchema,
  finishLine: framePointSchema,
});
export type FortyProposalInput = z.infer<typeof fortyProposalInputSchema>;

const segmentSchema = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });

export const fortyProposalResultSchema = z.object({
  /** Null when it could not be found: the notes say why and the analyst marks it. */
  startFrame: z.number().nullable(),
  /**
   * With no start proposed because the phone drew the frames around the first movement partly from a later
   * one (B-frames, decision 304): the first and last frame (indices from 0) the first movement lies
   * between, both included, for the analyst to look at. Null otherwise; absent from proposals made before it.
   */
  startBetween: z.object({ fromFrame: z.number(), toFrame: z.number() }).nullable().optional(),
  finishFrame: z.number().nullable(),
  /**
   * With no finish proposed because the torso's crossing cannot be told to a frame (decision 318): the first
   * and last frame (indices from 0) it lies between, both included, for the analyst to look at. Null
   * otherwise; absent from proposals made before it.
   */
  finishBetween: z.object({ fromFrame: z.number(), toFrame: z.number() }).nullable().optional(),
  /** Lines 0 and 40 on the start and finish frames; 10, 20, 30 where the torso crosses them. */
  lines: z.array(z.object({ yardLine: z.number(), frameIndex: z.number() })),
  /** The start and finish lines as found near the clicks, in pixels of the displayed frame. */
  startLine: segmentSchema,
  finishLine: segmentSchema,
  notes: z.array(z.string()),
  algorithm: z.string(),
  version: z.string(),
});
export type FortyProposalResult = z.infer<typeof fortyProposalResultSchema>;

export const fortyProposalSchema = z.object({
  id: z.number(),
  status: z.enum(TRACK_STATUSES),
  progress: z.number(),
  error: z.string().optional(),
  result: fortyProposalResultSchema.optional(),
});
export type FortyProposal = z.infer<typeof fortyProposalSchema>;
export const fortyProposalStartedSchema = z.object({ id: z.number(), status: z.enum(TRACK_STATUSES) });
