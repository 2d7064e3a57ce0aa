import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { analysisRequests } from './analysis';
import { createdAt, ts, updatedAt } from './common';
import { kindReceipts } from './kind-receipts';
import { players } from './players';

/**
 * A player's public verified profile (decision 111). One row per player once the family has opened the
 * share settings; `slug` is the unguessable part of /p/{slug}; a new link replaces it.
 */
export const profileShares = pgTable(
  'profile_shares',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** What the family chose to show: { photo: true, twitter: false, ... } */
    show: jsonb('show').$type<Record<string, boolean>>().notNull(),
    /** Bumped on every change of the settings: the server's page cache keys on it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profile_shares_slug_idx').on(t.slug),
    uniqueIndex('profile_shares_player_idx').on(t.playerId),
  ],
);

/**
 * How often each public profile was opened (decision 227): counted in memory and added here every few
 * seconds. A table of its own, unwatched by the write clock, so that a flush of visits leaves every kept
 * public page, leaderboard and coach search kept (the counts are read only by the family's settings).
 */
export const profileShareViews = pgTable('profile_share_views', {
  shareId: integer('share_id')
    .primaryKey()
    .references(() => profileShares.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
});

/** Settings an admin changes at run time (e.g. the audit rate); one JSON value per key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A blind second measurement of a completed max-speed request (decision 115) by an analyst other than
 * the one who completed it. Its receipt is kept here, beside the request's own receipts.
 */
export const measurementAudits = pgTable(
  'measurement_audits',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => analysisRequests.id, { onDelete: 'cascade' }),
    /** The analyst whose result is audited: never the auditor. */
    excludedAnalystId: integer('excluded_analyst_id').references(() => users.id, { onDelete: 'set null' }),
    auditorId: integer('auditor_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'agreed', 'flagged', 'resolved'] })
      .notNull()
      .default('pending'),
    originalReceiptId: integer('original_receipt_id').references(() => kindReceipts.id, {
      onDelete: 'set null',
    }),
    originalSpeed: numeric('original_speed', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    originalPlusMinus: numeric('original_plus_minus', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    auditSpeed: numeric('audit_speed', { precision: 4, scale: 1, mode: 'number' }),
    auditPlusMinus: numeric('audit_plus_minus', { precision: 4, scale: 1, mode: 'number' }),
    auditMethodLabel: text('audit_method_label'),
    auditorName: text('auditor_name'),
    /** The audit's receipt: the same shape as a Max Speed receipt's data (kind_receipts.data). */
    auditData: jsonb('audit_data'),
    auditStillKeys: jsonb('audit_still_keys').$type<string[]>(),
    submittedAt: ts('submitted_at'),
    /** 'original' or 'audit': the value the admin confirmed for a flagged audit. */
    confirmed: text('confirmed', { enum: ['original', 'audit'] }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('measurement_audits_request_idx').on(t.requestId),
    index('measurement_audits_status_idx').on(t.status, t.createdAt),
    index('measurement_audits_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Beside the table, for the storage sweep: the audits whose stills include this key (an audit's evidence). */
export const auditsWithStill = (key: SQLWrapper) =>
  sql`(select 1 from ${measurementAudits} ma where ma.audit_still_keys @> jsonb_build_array(${key}))`;
