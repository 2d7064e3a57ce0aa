import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { analysisRequests, videos } from './analysis';
import { createdAt } from './common';
import { players } from './players';

/**
 * The evidence of a measured kind, keyed by the kind (decision 243): immutable once written. The headline
 * value and its bound in the kind's unit; `data` holds the file's facts, the marks and the arithmetic;
 * `still_keys` the stills in the order the receipt names them. Every measured kind keeps its receipts here
 * (migration 0045 moved the 40's in, 0046 Max Speed's, decision 284). A correction of a Max Speed is a new
 * revision of its request's receipt; earlier ones stay readable, the latest stands. The kinds whose result the
 * specification's own fields carry (`resultField`: Max Speed) stay out of the lists of kinds' results.
 */
export const kindReceipts = pgTable(
  'kind_receipts',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => analysisRequests.id, { onDelete: 'cascade' }),
    /** The analysis kind's key (`requestType`). */
    kind: text('kind').notNull(),
    /** 1 for the first receipt of a request, one more for each correction (Max Speed's). */
    revision: integer('revision').notNull().default(1),
    /** 'higher' or 'lower': which value is best, copied from the kind so the search's triggers can rank. */
    direction: text('direction').notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    analystId: integer('analyst_id').references(() => users.id, { onDelete: 'set null' }),
    analystName: text('analyst_name').notNull(),
    value: numeric('value', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    plusMinus: numeric('plus_minus', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    methodLabel: text('method_label').notNull(),
    /** The reason an analyst gave for a value typed over the marks (Max Speed's override); null otherwise. */
    overrideReason: text('override_reason'),
    data: jsonb('data').notNull(),
    stillKeys: jsonb('still_keys').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('kind_receipts_revision').on(t.requestId, t.revision),
    index('kind_receipts_kind_idx').on(t.kind),
    index('kind_receipts_video_idx').on(t.videoId),
  ],
);

/**
 * The coach search's best result per player and measured kind (decision 243), kept by the same trigger
 * function as `coach_search` while the family's checklist shows the kind (the share field named as the
 * kind's key): one place for every later kind, not a column family per kind.
 */
export const coachSearchResults = pgTable(
  'coach_search_results',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: numeric('value', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    plusMinus: numeric('plus_minus', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    requestId: integer('request_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind] }),
    index('coach_search_results_value_idx').on(t.kind, t.value, t.playerId),
  ],
);

/** Beside the table, for the purge of unreadable videos: the receipts measured on this video. */
export const kindReceiptsOfVideo = (videoId: SQLWrapper) =>
  sql`(select 1 from ${kindReceipts} where ${kindReceipts.videoId} = ${videoId})`;

/** Beside the table, for the storage sweep (decision 282): the receipts whose stills include this key. */
export const kindReceiptsWithStill = (key: SQLWrapper) =>
  sql`(select 1 from ${kindReceipts} kr where kr.still_keys @> jsonb_build_array(${key}))`;
