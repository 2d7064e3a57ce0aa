import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { videos } from './analysis';
import type { FrameChanges } from '../../../contract/measurement-math';
import { createdAt } from './common';

/**
 * What ffprobe read from a video file, and the working copy the browser decodes when it cannot
 * decode the source (HEVC). `frame_ticks` holds every frame's presentation time in time-base ticks
 * from the first frame, in presentation order: the timeline every measurement is computed on.
 */
export const videoMedia = pgTable(
  'video_media',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['ready', 'failed'] }).notNull(),
    error: text('error'),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    container: text('container').notNull().default(''),
    codec: text('codec').notNull().default(''),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    rotation: integer('rotation').notNull().default(0),
    timeBase: text('time_base').notNull().default('1/1'),
    nominalFps: text('nominal_fps').notNull().default('0/1'),
    averageFps: text('average_fps').notNull().default('0/1'),
    frameCount: integer('frame_count').notNull().default(0),
    durationSeconds: numeric('duration_seconds', { precision: 12, scale: 4, mode: 'number' })
      .notNull()
      .default(0),
    variableFrameRate: boolean('variable_frame_rate').notNull().default(false),
    frameTicks: jsonb('frame_ticks').$type<number[]>().notNull().default([]),
    /**
     * How the frames changed (decision 241: repeats, quiet frames, the phone's repeat run); null: not read.
     * An array is a list of repeats read by the rule before 241, which is read again before use.
     */
    repeatedFrames: jsonb('repeated_frames').$type<number[] | FrameChanges>(),
    /** The capture rate the file declares (slow motion stored at a lower rate); null when it says none. */
    captureFps: numeric('capture_fps', { precision: 8, scale: 3, mode: 'number' }),
    workingKey: text('working_key'),
    workingSha256: text('working_sha256'),
    workingCodec: text('working_codec'),
    createdAt: createdAt(),
  },
  // The same bytes uploaded again reuse what was read from them (decision 340).
  (t) => [index('video_media_sha256_idx').on(t.sha256)],
);
