import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referralReservations } from '../../db/schema';
import type { PaymentProvider } from '../../lib/payments';

/**
 * A placeholder whose process died before binding its session is given up after a provider session's
 * whole life (24 hours), because that session may exist and carry the discount.
 */
const PENDING_STALE_MS = 25 * 60 * 60 * 1000;

interface DiscountHold {
  /** The provider session now carrying the discount. */
  bind(sessionId: string): Promise<void>;
  /** The session could not be created: the discount is free again. */
  release(): Promise<void>;
}

/**
 * A friend's one referral discount is held by at most one open checkout (decision 072). Opening a new
 * discounted checkout first closes the one holding it at the provider; if that one was paid already,
 * the discount is spent and the new checkout goes at full price. A compare-and-swap on the reservation
 * row makes checkouts opened in parallel end with exactly one holder.
 */
export async function holdReferralDiscount(
  db: Db,
  payments: PaymentProvider,
  userId: number,
  referralId: number,
): Promise<DiscountHold | null> {
  const row = eq(referralReservations.userId, userId);
  await db.insert(referralReservations).values({ userId }).onConflictDoNothing();
  const [current] = await db.select().from(referralReservations).where(row);
  if (!current || current.spentAt) return null;
  const previous = current.checkoutSessionId;
  if (previous?.startsWith('pending:')) {
    if (current.heldAt && Date.now() - current.heldAt.getTime() < PENDING_STALE_MS) return null;
  } else if (previous) {
    if ((await payments.expireCheckoutSession(previous)) === 'complete') {
      await db
        .update(referralReservations)
        .set({ spentAt: new Date() })
        .where(and(row, eq(referralReservations.checkoutSessionId, previous)));
      return null;
    }
  }
  const pending = `pending:${randomBytes(12).toString('hex')}`;
  const [won] = await db
    .update(referralReservations)
    .set({ checkoutSessionId: pending, referralId, heldAt: new Date() })
    .where(
      and(
        row,
        isNull(referralReservations.spentAt),
        previous
          ? eq(referralReservations.checkoutSessionId, previous)
          : isNull(referralReservations.checkoutSessionId),
      ),
    )
    .returning({ userId: referralReservations.userId });
  if (!won) return null;
  const mine = and(row, eq(referralReservations.checkoutSessionId, pending));
  return {
    async bind(sessionId) {
      await db.update(referralReservations).set({ checkoutSessionId: sessionId }).where(mine);
    },
    async release() {
      await db.update(referralReservations).set({ checkoutSessionId: null, heldAt: null }).where(mine);
    },
  };
}
