import { integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { analysisRequests, videos } from './analysis';
import { createdAt } from './common';

/**
 * The evidence of a verified 40 (decision 209): one per completed request, immutable. The time and its
 * bound in seconds to 0.01; `data` holds the file's facts, the marks and the arithmetic.
 */
export const fortyReceipts = pgTable('forty_receipts', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id')
    .notNull()
    .unique()
    .references(() => analysisRequests.id, { onDelete: 'cascade' }),
  videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
  analystId: integer('analyst_id').references(() => users.id, { onDelete: 'set null' }),
  analystName: text('analyst_name').notNull(),
  seconds: numeric('seconds', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  plusMinus: numeric('plus_minus', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  methodLabel: text('method_label').notNull(),
  data: jsonb('data').notNull(),
  /** Storage keys of the stills: start frame, finish frame, start line, finish line, then the splits' lines. */
  stillKeys: jsonb('still_keys').$type<string[]>().notNull(),
  createdAt: createdAt(),
});
