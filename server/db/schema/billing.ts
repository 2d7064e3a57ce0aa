import { boolean, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, ts, updatedAt } from './common';

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type', { enum: ['subscription', 'one_time'] }).notNull(),
  rank: integer('rank').notNull().default(0),
  stars: integer('stars').notNull().default(1),
  priceUsd: numeric('price_usd', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  interval: text('interval'),
  maxSpeedVideosPerYear: integer('max_speed_videos_per_year').notNull().default(0),
  videoStorageLimit: integer('video_storage_limit').notNull().default(0),
  igaPerYear: integer('iga_per_year').notNull().default(0),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  // Provider-neutral names over Stripe's column names (decision 202), as in every table here.
  providerProductId: text('stripe_product_id'),
  providerPriceId: text('stripe_price_id'),
  providerProductIdLive: text('stripe_product_id_live'),
  providerPriceIdLive: text('stripe_price_id_live'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A subscription in one of these statuses gives its plan: credits, storage, the plan's name on the account. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'];

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: integer('plan_id').references(() => plans.id),
    providerSubscriptionId: text('stripe_subscription_id').unique(),
    providerSubscriptionIdLive: text('stripe_subscription_id_live').unique(),
    status: text('status').notNull(),
    currentPeriodStart: ts('current_period_start'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the subscription stopped (ended at period end, or replaced by an upgrade); null while it runs. */
    endedAt: ts('ended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** The credit ledger: every grant, spend and refund is one row; idempotencyKey makes each happen once. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The change of each credit kind's balance (decision 203): `{ max_speed: 5, iga: 2 }`. */
    amounts: jsonb('amounts').$type<Record<string, number>>().notNull().default({}),
    type: text('type').notNull(),
    description: text('description'),
    planId: integer('plan_id').references(() => plans.id),
    providerPaymentIntentId: text('stripe_payment_intent_id'),
    providerPaymentIntentIdLive: text('stripe_payment_intent_id_live'),
    idempotencyKey: text('idempotency_key').unique(),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_transactions_user_idx').on(t.userId),
    index('credit_transactions_user_id_idx').on(t.userId, t.id),
    // Billing history pages by time: the primary key cannot serve this order, so the planner never walks it.
    index('credit_transactions_user_page_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referralCode: text('referral_code').notNull().unique(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    receiverFirstName: text('receiver_first_name').notNull(),
    receiverLastName: text('receiver_last_name').notNull(),
    receiverEmail: text('receiver_email').notNull(),
    message: text('message'),
    providerCouponId: text('stripe_coupon_id'),
    providerCouponIdLive: text('stripe_coupon_id_live'),
    providerPromoCodeId: text('stripe_promo_code_id'),
    providerPromoCodeIdLive: text('stripe_promo_code_id_live'),
    status: text('status', { enum: ['pending', 'registered', 'used', 'expired', 'redeemed'] })
      .notNull()
      .default('pending'),
    receiverId: integer('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('referrals_sender_idx').on(t.senderId)],
);

/** Every provider event id once: a duplicate delivery finds its row and does nothing (the table keeps its name). */
export const paymentEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    livemode: boolean('livemode').notNull().default(false),
    payload: jsonb('payload'),
    processedAt: ts('processed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('stripe_events_created_idx').on(t.createdAt)],
);

/**
 * What refunds and disputes did to one paid charge (decision 061): the largest refunded amount seen,
 * the dispute and its state, and the credits taken back so far. Events are folded into this row, so
 * they apply once and in any order.
 */
export const chargeStates = pgTable(
  'charge_states',
  {
    chargeId: text('charge_id').primaryKey(),
    paymentIntentId: text('payment_intent_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The ledger grant this charge paid for; null when no grant matched (shown to admins). */
    grantId: integer('grant_id').references(() => creditTransactions.id, { onDelete: 'set null' }),
    livemode: boolean('livemode').notNull().default(false),
    currency: text('currency').notNull().default('usd'),
    amount: integer('amount').notNull().default(0),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** The largest cumulative amount_refunded a charge.refunded event reported (failed refunds included until they fail). */
    refundedReported: integer('refunded_reported').notNull().default(0),
    /** Each refund seen in a refund event, by id: its amount and latest status (failed and canceled are final; decision 121). */
    refunds: jsonb('refunds')
      .$type<Record<string, { amount: number; status: string; at: number }>>()
      .notNull()
      .default({}),
    disputeId: text('dispute_id'),
    disputeStatus: text('dispute_status'),
    disputeAmount: integer('dispute_amount').notNull().default(0),
    disputeReason: text('dispute_reason'),
    /** The `created` time of the event that set disputeStatus: an older event never overrides a newer one. */
    disputeEventAt: ts('dispute_event_at'),
    creditsTaken: integer('credits_taken').notNull().default(0),
    igaTaken: integer('iga_taken').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('charge_states_user_idx').on(t.userId),
    index('charge_states_payment_intent_idx').on(t.paymentIntentId),
  ],
);

/** State of the built-in test-mode payment provider (checkout sessions, customers, subscriptions, coupons). */
export const paymentTestObjects = pgTable(
  'payment_test_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_test_objects_kind_idx').on(t.kind)],
);
