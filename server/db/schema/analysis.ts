import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, ts, updatedAt } from './common';
import { players, positions } from './players';

export const analysisRequests = pgTable(
  'analysis_requests',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    analystId: integer('analyst_id').references(() => users.id, { onDelete: 'set null' }),
    hudlUrl: text('hudl_url').notNull(),
    startTime: text('start_time'),
    season: integer('season').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'rejected', 'held'] })
      .notNull()
      .default('pending'),
    /** An analysis kind's key (contract/analysis-kinds.ts). */
    requestType: text('request_type').notNull().default('max_speed'),
    positionId: integer('position_id').references(() => positions.id),
    maxSpeed: numeric('max_speed', { precision: 4, scale: 1, mode: 'number' }),
    igaScore: numeric('iga_score', { precision: 4, scale: 1, mode: 'number' }),
    processedVideoUrl: text('processed_video_url'),
    rejectionReason: text('rejection_reason'),
    analystComment: text('analyst_comment'),
    creditRefunded: boolean('credit_refunded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: ts('completed_at'),
    metadata: jsonb('metadata'),
    /** The library video a max-speed request is measured on (the family's choice or the analyst's upload). */
    sourceVideoId: integer('source_video_id').references((): AnyPgColumn => videos.id, {
      onDelete: 'set null',
    }),
    maxSpeedPlusMinus: numeric('max_speed_plus_minus', { precision: 4, scale: 1, mode: 'number' }),
    methodLabel: text('method_label'),
    overrideReason: text('override_reason'),
  },
  (t) => [
    index('analysis_requests_status_created_idx').on(t.status, t.createdAt),
    index('analysis_requests_player_idx').on(t.playerId),
    index('analysis_requests_completed_idx').on(t.completedAt),
    index('analysis_requests_queue_page_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** What the family calls the clip: the uploaded file's name or one it typed; null for clips from before decision 259. */
    name: text('name'),
    storageKey: text('storage_key'),
    thumbnail: text('thumbnail'),
    status: text('status').notNull().default('pending'),
    maxSpeed: numeric('max_speed', { precision: 4, scale: 1, mode: 'number' }),
    igaScore: numeric('iga_score', { precision: 4, scale: 1, mode: 'number' }),
    distance: numeric('distance', { precision: 10, scale: 2, mode: 'number' }),
    avgTransition: numeric('avg_transition', { precision: 10, scale: 2, mode: 'number' }),
    durationSeconds: numeric('duration_seconds', { precision: 10, scale: 2, mode: 'number' }),
    positionId: integer('position_id').references(() => positions.id),
    season: integer('season'),
    analysisRequestId: integer('analysis_request_id').references(() => analysisRequests.id, {
      onDelete: 'set null',
    }),
    error: text('error'),
    maxSpeedPlusMinus: numeric('max_speed_plus_minus', { precision: 4, scale: 1, mode: 'number' }),
    methodLabel: text('method_label'),
    /** Bytes of the uploaded file, counted against the family's storage quota (decision 131). */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** When processing found the file unreadable and the family was told; removed after the retention period (decision 132). */
    unreadableAt: ts('unreadable_at'),
    /** The removal date the family was told when the video was marked unreadable. */
    removeAfter: ts('remove_after'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('videos_player_idx').on(t.playerId),
    index('videos_player_page_idx').on(t.playerId, t.createdAt, t.id),
  ],
);

/**
 * A player's library in figures, as every page of the library shows them: kept by statement triggers on
 * videos (decision 215, migration 0033), so a page reads one row, not every video of the library.
 */
export const playerVideoStats = pgTable('player_video_stats', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  highestSpeed: numeric('highest_speed', { precision: 4, scale: 1, mode: 'number' }),
  highestIgaScore: numeric('highest_iga_score', { precision: 4, scale: 1, mode: 'number' }),
  totalVideos: integer('total_videos').notNull(),
  readyVideos: integer('ready_videos').notNull(),
});

export const submetrics = pgTable('submetrics', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key').notNull().unique(),
  dataField: text('data_field'),
  description: text('description'),
  unit: text('unit'),
  decimals: integer('decimals').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const positionSubmetrics = pgTable(
  'position_submetrics',
  {
    id: serial('id').primaryKey(),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    submetricId: integer('submetric_id')
      .notNull()
      .references(() => submetrics.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('position_submetrics_pair').on(t.positionId, t.submetricId)],
);

export const igaSubmetrics = pgTable(
  'iga_submetrics',
  {
    id: serial('id').primaryKey(),
    analysisRequestId: integer('analysis_request_id')
      .notNull()
      .references(() => analysisRequests.id, { onDelete: 'cascade' }),
    submetricId: integer('submetric_id')
      .notNull()
      .references(() => submetrics.id),
    value: numeric('value', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    percentile: integer('percentile').notNull().default(50),
    isFromIga: boolean('is_from_iga').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('iga_submetrics_request_metric').on(t.analysisRequestId, t.submetricId)],
);

/** Background work kept in the database so any instance can pick it up after a restart. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedAt: ts('locked_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_status_run_at_idx').on(t.status, t.runAt)],
);
