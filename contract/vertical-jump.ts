import { z } from 'zod';
import { filmedKind } from './analysis-kinds';
import { ID_MAX } from './constants';
import { framePointSchema } from './tracking';

/** The verified vertical jump (decision 243): what the analyst sends and what the server answers. */

export const VERTICAL_MEASUREMENT_REQUIRED = filmedKind('vertical_jump').measurementRequired;

const id = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(ID_MAX, msg);

const frame = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be 0 or more: the first frame is 0`)
    .max(10_000_000, `${what} must be at most 10000000`);

export const VERTICAL_TAKEOFF_BEFORE_LANDING = 'The take-off frame must come before the landing frame';

/** `measurement` of the vertical jump's completion, and the preview's body. */
export const verticalMeasurementSchema = z
  .object({
    videoId: id('Video ID must be a number'),
    takeoffFrame: frame('Take-off frame'),
    landingFrame: frame('Landing frame'),
  })
  .refine((m) => m.takeoffFrame < m.landingFrame, {
    message: VERTICAL_TAKEOFF_BEFORE_LANDING,
    path: ['landingFrame'],
  });
export type VerticalMeasurement = z.infer<typeof verticalMeasurementSchema>;

/** `POST /api/measurements/vertical/preview`: the height, its bound, the flight time, the rate and the method. */
export const verticalPreviewSchema = z.object({
  videoId: z.number(),
  heightInches: z.number().describe('g·t²/8 in inches, to 0.1'),
  plusMinusInches: z
    .number()
    .describe('The ± of the height from one frame at each end, rounded up to 0.1 in'),
  flightSeconds: z.number().describe('Landing frame time minus take-off frame time, to 0.001 s'),
  plusMinusSeconds: z.number(),
  fps: z.number().describe('The rate as the file states it, to 0.01 (119.88, 120, 240)'),
  fpsFraction: z.string().describe("The same rate exactly, as a fraction: '240/1', '120000/1001'"),
  realFps: z.number().describe('New pictures per second between take-off and landing (at least 100)'),
  heightInchesMin: z.number(),
  heightInchesMax: z.number(),
  rawFlightSeconds: z.number(),
  takeoffTime: z.number(),
  landingTime: z.number(),
  framesInDoubt: z.object({ takeoff: z.number(), landing: z.number() }),
  method: z.string().describe("'verified vertical, video 240 fps'"),
  /** Non-empty: the clip cannot give a verified vertical jump; the analyst rejects it ('Video quality too low'). */
  qualityProblems: z.array(z.string()),
});
export type VerticalPreview = z.infer<typeof verticalPreviewSchema>;

/** A verified vertical jump as the card, the stats panel and the public profile show it. */
export const verticalResultSchema = z.object({
  requestId: z.number(),
  season: z.number(),
  heightInches: z.number(),
  plusMinusInches: z.number(),
  flightSeconds: z.number(),
  method: z.string(),
  completedAt: z.string().nullable(),
});
export type VerticalResultRow = z.infer<typeof verticalResultSchema>;

const stillSchema = z.object({
  label: z.string(),
  frameIndex: z.number(),
  time: z.number(),
  url: z.string(),
});

/** The evidence of a verified vertical jump: the file, the marks, the arithmetic and the stills of both frames. */
export const verticalReceiptSchema = z.object({
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
  marks: verticalMeasurementSchema,
  result: verticalPreviewSchema,
  /** 'flight time': how the height is obtained. */
  methodInWords: z.string(),
  /** What the ± covers. */
  boundInWords: z.string(),
  /** What the method does not cover (a jumper who tucks the legs on landing reads high). */
  notCovered: z.string(),
  stills: z.array(stillSchema),
});
export type VerticalReceipt = z.infer<typeof verticalReceiptSchema>;

/**
 * The tracker's proposal of the two frames: the analyst clicks where the feet meet the ground on a frame
 * where the jumper stands; the server follows that patch of ground through the clip. Never a result.
 */
export const verticalProposalInputSchema = z.object({
  videoId: id('Video ID must be a number'),
  feet: framePointSchema,
});
export type VerticalProposalInput = z.infer<typeof verticalProposalInputSchema>;

export const verticalProposalSchema = z.object({
  /** Null when it could not be found: the notes say why and the analyst marks it. */
  takeoffFrame: z.number().nullable(),
  landingFrame: z.number().nullable(),
  notes: z.array(z.string()),
  algorithm: z.string(),
  version: z.string(),
});
export type VerticalProposal = z.infer<typeof verticalProposalSchema>;
