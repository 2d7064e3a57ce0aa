import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './common';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    password: text('password').notNull(),
    /** A balance per credit kind (contract/analysis-kinds.ts; decision 203): `{ max_speed: 3, iga: 1 }`. */
    creditBalances: jsonb('credit_balances').$type<Record<string, number>>().notNull().default({}),
    role: text('role', { enum: ['user', 'analyst', 'admin', 'coach'] })
      .notNull()
      .default('user'),
    // Provider-neutral names over Stripe's column names (decision 202): a column rename buys users nothing.
    providerCustomerId: text('stripe_customer_id'),
    providerCustomerIdLive: text('stripe_customer_id_live'),
    hasActiveSubscription: boolean('has_active_subscription').notNull().default(false),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    /** sha256 of the emailed token, never the token itself */
    emailVerificationToken: text('email_verification_token'),
    emailVerificationExpires: ts('email_verification_expires'),
    firstLoginAt: ts('first_login_at'),
    lastLoginAt: ts('last_login_at'),
    loginCount: integer('login_count').notNull().default(0),
    /** A requested email/username change, applied once the link sent to the new address is followed (decision 073). */
    pendingEmail: text('pending_email'),
    pendingUsername: text('pending_username'),
    /** sha256 of the emailed token */
    pendingEmailToken: text('pending_email_token'),
    pendingEmailExpires: ts('pending_email_expires'),
    /** What the admin search matches (decision 123): kept lower-cased so the search is a plain LIKE on one stored column. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(email || ' ' || username || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // No CHECK on the balances (>= 0): a refund or lost dispute may leave a negative balance (decision 061);
    // spending stays guarded by spendCredit's conditional UPDATE.
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    index('users_last_login_idx').on(t.lastLoginAt),
    // The admin list's pages (decision 063): by role in id order, and the search over email, username and name.
    index('users_role_id_idx').on(t.role, t.id),
    index('users_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: ts('sent_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    path: text('path'),
    properties: jsonb('properties'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
    index('analytics_events_created_idx').on(t.createdAt),
  ],
);
