import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './common';

/** Rate-limit and failed-login counters, shared by every instance and kept across restarts (decision 071). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
