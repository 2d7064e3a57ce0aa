import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { analysisKinds } from '../../../contract/analysis-kinds';
import { createdAt, updatedAt } from './common';
import { players, positions } from './players';

/** One row per player, metric and season, plus one all-time row (season null) per player and metric. */
export const leaderboard = pgTable(
  'leaderboard',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').references(() => positions.id),
    metricType: text('metric_type').notNull(),
    metricValue: numeric('metric_value', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** A measured result's bound: 0.1 mph for a Max Speed, 0.01 s for a verified 40 (decision 209). */
    plusMinus: numeric('plus_minus', { precision: 5, scale: 2, mode: 'number' }),
    methodLabel: text('method_label'),
    season: integer('season'),
    isAllTime: boolean('is_all_time').notNull().default(false),
    level: text('level').notNull(),
    playerName: text('player_name').notNull(),
    graduationYear: integer('graduation_year'),
    school: text('school'),
    city: text('city'),
    county: text('county'),
    state: text('state'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('leaderboard_identity').on(t.playerId, t.metricType, t.season, t.isAllTime).nullsNotDistinct(),
    index('leaderboard_player_idx').on(t.playerId),
    index('leaderboard_metric_idx').on(t.metricType),
    index('leaderboard_season_idx').on(t.season),
    index('leaderboard_level_idx').on(t.level),
    index('leaderboard_page_idx').on(
      t.metricType,
      t.level,
      t.isAllTime,
      t.season,
      sql`${t.metricValue} desc`,
      t.id,
    ),
    // A percentile's groups (decision 113) counted for a page of players by index ranges (decision 211).
    index('leaderboard_group_idx')
      .on(t.metricType, t.level, t.positionId, t.graduationYear, t.metricValue)
      .where(sql`${t.isAllTime}`),
    // The lower-is-better kinds' pages walk their slice in ascending order (decision 209). The registry's
    // built-in kinds of that direction: a kind added later changes this and needs its migration.
    index('leaderboard_page_asc_idx')
      .on(t.metricType, t.level, t.isAllTime, t.season, t.metricValue, t.id)
      .where(sql`${t.metricType} ${sql.raw(ascendingMetrics())}`),
  ],
);

/**
 * The number of rows in each leaderboard slice (metric, level, all time or season), kept by statement
 * triggers on `leaderboard` (migration 0016, decision 182): the percentiles' group size without counting
 * the slice on every page.
 */
export const leaderboardSliceCounts = pgTable(
  'leaderboard_slice_counts',
  {
    metricType: text('metric_type').notNull(),
    level: text('level').notNull(),
    isAllTime: boolean('is_all_time').notNull(),
    season: integer('season'),
    rows: integer('rows').notNull(),
  },
  (t) => [
    unique('leaderboard_slice_counts_key')
      .on(t.metricType, t.level, t.isAllTime, t.season)
      .nullsNotDistinct(),
  ],
);

/**
 * How many all-time leaderboard rows hold each value in each percentile group (metric, level, position,
 * class; decision 113), at two grains: per exact value (`whole` false) and per whole number (`whole`
 * true, the value's floor). Kept by statement triggers on `leaderboard` (migration 0027, decision 211).
 * A coach-search page ranks each player by summing the group's whole numbers (a Max Speed spans some
 * 15, an IGA score at most 101) and the exact values within the player's own whole number, instead of
 * counting the group's thousands of rows.
 */
export const leaderboardValueCounts = pgTable(
  'leaderboard_value_counts',
  {
    metricType: text('metric_type').notNull(),
    level: text('level').notNull(),
    positionId: integer('position_id'),
    graduationYear: integer('graduation_year'),
    whole: boolean('whole').notNull(),
    metricValue: numeric('metric_value', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [
    unique('leaderboard_value_counts_key')
      .on(t.metricType, t.level, t.positionId, t.graduationYear, t.whole, t.metricValue)
      .nullsNotDistinct(),
    // A value no row holds any more is found here and dropped by the trigger: only while it is being dropped.
    index('leaderboard_value_counts_zero_idx')
      .on(t.metricType)
      .where(sql`${t.rows} = 0`),
  ],
);

/** `= 'm'` (or `in (...)`): the leaderboard metrics of the registry's lower-is-better kinds, as SQL. */
function ascendingMetrics() {
  const metrics = analysisKinds()
    .filter((k) => k.direction === 'lower')
    .map((k) => `'${k.leaderboardMetric}'`);
  return metrics.length === 1 ? `= ${metrics[0]}` : `in (${metrics.join(', ')})`;
}
