import { z } from 'zod';
import { ID_MAX, ID_OUT_OF_RANGE } from './constants';

/** 2 GB: the largest video upload accepted. */
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const VIDEO_ACCEPT = {
  'video/mp4': ['.mp4', '.m4v'],
  'video/quicktime': ['.mov'],
  'video/webm': ['.webm'],
};
/** The same list for an <input type="file" accept>. */
export const VIDEO_ACCEPT_ATTR = [...Object.keys(VIDEO_ACCEPT), ...Object.values(VIDEO_ACCEPT).flat()].join(
  ',',
);
/** Signed video URLs live this long; a playback error after that asks for a fresh one. */
export const VIDEO_URL_TTL_SECONDS = 600;

/** A clip's name is at most this long, in UTF-16 units as an input's maxLength counts them (decision 259). */
export const VIDEO_NAME_MAX = 120;
export const VIDEO_NAME_REQUIRED = 'Please give the clip a name';
const VIDEO_NAME_TOO_LONG = `A clip's name is at most ${VIDEO_NAME_MAX} characters`;

/** A name the family types for a clip: trimmed, 1 to 120 characters. */
const videoNameSchema = z
  .string({ error: VIDEO_NAME_REQUIRED })
  .trim()
  .min(1, VIDEO_NAME_REQUIRED)
  .max(VIDEO_NAME_MAX, VIDEO_NAME_TOO_LONG);

export const renameVideoSchema = z.object({ name: videoNameSchema });

export const videoSchema = z.object({
  id: z.number(),
  playerId: z.number(),
  /** What the family calls the clip: the uploaded file's name (without its extension) or one it typed; null for clips from before decision 259. */
  name: z.string().nullable(),
  /** A short-lived signed URL while the file exists. */
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  status: z.string(),
  maxSpeed: z.number().nullable(),
  maxSpeedPlusMinus: z.number().nullable(),
  methodLabel: z.string().nullable(),
  igaScore: z.number().nullable(),
  distance: z.number().nullable(),
  avgTransition: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  positionId: z.number().nullable(),
  positionKey: z.string().nullable(),
  season: z.number(),
  analysisRequestId: z.number().nullable(),
  createdAt: z.string(),
  /** Set when the file could not be read: the family was told, and the video is removed on this date (decision 132). */
  removeOn: z.string().nullable().optional(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoListSchema = z.object({
  videos: z.array(videoSchema),
  stats: z.object({
    highestSpeed: z.number().nullable(),
    highestIgaScore: z.number().nullable(),
    totalVideos: z.number(),
    readyVideos: z.number(),
  }),
});
export type VideoList = z.infer<typeof videoListSchema>;

export const playerIdParamsSchema = z.object({
  playerId: z.coerce.number().int().positive().max(ID_MAX, ID_OUT_OF_RANGE),
});

/** Text parts of the upload call; the file part is named `file`. */
export const uploadFieldsSchema = z.object({
  playerId: z.coerce
    .number({ error: 'Player ID must be a number' })
    .int()
    .positive('Player ID must be a number')
    .max(ID_MAX, 'Player ID must be a number'),
  positionId: z
    .union([
      z.literal(''),
      z.coerce
        .number()
        .int()
        .positive('Position ID must be a number')
        .max(ID_MAX, 'Position ID must be a number'),
    ])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  /** The clip's name; left out or blank, the file's name without its extension is used (decision 259). */
  name: z.string().trim().max(VIDEO_NAME_MAX, VIDEO_NAME_TOO_LONG).optional(),
});

export const refreshUrlSchema = z
  .object({
    videoId: z.number().int().positive().max(ID_MAX, ID_OUT_OF_RANGE).optional(),
    filePath: z.string().max(500).optional(),
  })
  .refine((v) => v.videoId !== undefined || v.filePath !== undefined, {
    message: 'videoId or filePath is required',
  });
export const refreshUrlResponseSchema = z.object({ url: z.string(), expiresIn: z.number() });
