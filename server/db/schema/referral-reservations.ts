import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { referrals } from './billing';
import { createdAt, ts, updatedAt } from './common';

/**
 * The one referral discount a friend may spend, held by at most one open checkout at a time
 * (decision 072). `checkoutSessionId` is the provider session holding it, or `pending:<nonce>` while
 * one is being created.
 */
export const referralReservations = pgTable('referral_reservations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
  checkoutSessionId: text('checkout_session_id'),
  heldAt: ts('held_at'),
  spentAt: ts('spent_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
