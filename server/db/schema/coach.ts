import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, ts } from './common';
import { players, positions, schools } from './players';

export const COACH_STATUSES = ['approved', 'awaiting-admin', 'declined', 'suspended'] as const;
export const COACH_DIVISIONS = ['NCAA D1', 'NCAA D2', 'NCAA D3', 'NAIA', 'JUCO'] as const;

/**
 * A college coach's application and standing (decisions 211, 238), one per coach account. `approved` is
 * set by an admin, or once the address is verified when it is at an athletics domain an admin curated
 * for the college (checked again then); only an approved coach reaches the coach routes.
 */
export const coaches = pgTable(
  'coaches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    title: text('title').notNull(),
    status: text('status', { enum: COACH_STATUSES }).notNull(),
    /** The email was at a curated athletics domain of the college when the coach applied. */
    domainMatched: boolean('domain_matched').notNull(),
    /** Null for a coach approved before divisions were asked: treated as NCAA D1 (decision 238). */
    division: text('division', { enum: COACH_DIVISIONS }),
    /**
     * The curated athletics domain the email was at when the coach applied: the coach is approved by it
     * once the address is verified, if the domain is still curated then. Cleared when it is removed.
     */
    applicationDomain: text('application_domain'),
    /** The athletics domain that approved the coach (null when an admin did): its removal revokes. */
    approvedByDomain: text('approved_by_domain'),
    declineReason: text('decline_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coaches_user_idx').on(t.userId),
    index('coaches_status_idx').on(t.status, t.id),
    // Removing a domain finds the coaches it approved (decision 238).
    index('coaches_approved_by_domain_idx')
      .on(t.schoolId, t.approvedByDomain)
      .where(sql`${t.approvedByDomain} is not null`),
  ],
);

/** Athletics domains an admin adds for a college (e.g. a college's `gomascots.com`), besides its website's. */
export const collegeAthleticsDomains = pgTable(
  'college_athletics_domains',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** Addresses at a subdomain match too; only where the admin ticked it (decision 238). */
    includeSubdomains: boolean('include_subdomains').notNull().default(false),
    /** The admin who added it (null once that account is deleted). */
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.domain] })],
);

/** The family's switch 'Let verified college coaches find this player': a row while it is on. */
export const playerDiscovery = pgTable('player_discovery', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  /** The account holder who confirmed being the parent or guardian of a player under 18. */
  guardianConfirmedBy: integer('guardian_confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  enabledAt: createdAt(),
});

/**
 * The coach search's rows: one per discoverable player with at least one verified number, kept by
 * triggers (migration 0022, decision 211) on the switch, the player and the analysis requests, so a
 * search reads one table with an index for each sort and never joins or scans.
 */
export const coachSearch = pgTable(
  'coach_search',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').references(() => positions.id),
    level: text('level').notNull(),
    graduationYear: integer('graduation_year').notNull(),
    state: text('state'),
    school: text('school').notNull(),
    speedMph: numeric('speed_mph', { precision: 4, scale: 1, mode: 'number' }),
    speedPlusMinus: numeric('speed_plus_minus', { precision: 4, scale: 1, mode: 'number' }),
    speedRequestId: integer('speed_request_id'),
    igaScore: numeric('iga_score', { precision: 10, scale: 2, mode: 'number' }),
    igaRequestId: integer('iga_request_id'),
    /** The latest completion of any shown number: 'recently verified' and 'measured within N months'. */
    verifiedAt: ts('verified_at').notNull(),
  },
  (t) => [
    // One per sort, in the order the search reads them backward: best first, then the newest id (decision 211).
    index('coach_search_speed_idx').on(sql`coalesce(${t.speedMph}, -1)`, t.playerId),
    index('coach_search_iga_idx').on(sql`coalesce(${t.igaScore}, -1)`, t.playerId),
    index('coach_search_class_idx').on(t.graduationYear, t.playerId),
    index('coach_search_recent_idx').on(t.verifiedAt, t.playerId),
    // A school filter matches few players: found by trigrams, then the few sorted (decision 211).
    index('coach_search_school_trgm_idx').using('gin', sql`lower(${t.school}) gin_trgm_ops`),
  ],
);

/** Every profile a coach opened from a search: the family sees the college and when; an admin the coach. */
export const coachViews = pgTable(
  'coach_views',
  {
    id: serial('id').primaryKey(),
    coachUserId: integer('coach_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    viewedAt: createdAt(),
  },
  (t) => [index('coach_views_player_idx').on(t.playerId, t.viewedAt)],
);

export const coachWatchlist = pgTable(
  'coach_watchlist',
  {
    coachUserId: integer('coach_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    /** The player's verifiedAt when added: a later one is 'New verified number'. */
    seenVerifiedAt: ts('seen_verified_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.coachUserId, t.playerId] })],
);

export const CONNECTION_STATUSES = ['pending', 'accepted', 'declined'] as const;

/** 'Ask to connect': the coach's message to the family, and the family's answer. Also the contact log. */
export const coachConnections = pgTable(
  'coach_connections',
  {
    id: serial('id').primaryKey(),
    coachUserId: integer('coach_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('pending'),
    contactEmail: text('contact_email'),
    createdAt: createdAt(),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    index('coach_connections_coach_idx').on(t.coachUserId, t.createdAt),
    index('coach_connections_player_idx').on(t.playerId, t.coachUserId, t.createdAt),
  ],
);

/** A coach's saved search and its weekly mail (at most one mail per coach per week). */
export const coachSavedSearches = pgTable(
  'coach_saved_searches',
  {
    id: serial('id').primaryKey(),
    coachUserId: integer('coach_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coach_saved_searches_coach_idx').on(t.coachUserId)],
);

/** Per coach: when the weekly mail last left, and the unsubscribe token's hash. */
export const coachMailState = pgTable('coach_mail_state', {
  coachUserId: integer('coach_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: ts('last_sent_at'),
  unsubscribed: boolean('unsubscribed').notNull().default(false),
  unsubscribeToken: text('unsubscribe_token').notNull(),
});
