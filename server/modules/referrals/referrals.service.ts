import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  INVALID_REFERRAL,
  REFERRAL_DISCOUNT_PERCENT,
  REFERRAL_VALID_DAYS,
} from '../../../contract/referrals';
import type { ReferralSendInput } from '../../../contract/referrals-forms';
import type { Db, DbOrTx } from '../../db/client';
import { referrals, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import type { PaymentProvider } from '../../lib/payments';
import type { UserRow } from '../../db/schema';
import { fullName } from '../../lib/names';
import { alreadyMemberMail, referralMail } from './referrals.mail';

type Referral = typeof referrals.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The completion call comes right after registration; an older account cannot claim a referral. */
const COMPLETE_WINDOW_MS = 60 * 60 * 1000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 70 random bits from an alphabet without look-alikes; also valid as a Stripe promotion code. */
const newReferralCode = () => `VA${[...randomBytes(14)].map((b) => ALPHABET[b % 32]).join('')}`;
const referralExpiresAt = (r: Pick<Referral, 'createdAt'>) =>
  new Date(r.createdAt.getTime() + REFERRAL_VALID_DAYS * DAY_MS);
const isExpired = (r: Referral) => referralExpiresAt(r).getTime() <= Date.now();
const invalid = () => new AppError('NOT_FOUND', INVALID_REFERRAL);
const normalizeCode = (code: string) => code.trim().toUpperCase();

async function byCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select()
    .from(referrals)
    .where(eq(referrals.referralCode, normalizeCode(code)));
  return row ?? null;
}

interface ReferralDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  appUrl: string;
}

export async function sendReferral(
  deps: ReferralDeps,
  sender: UserRow,
  input: ReferralSendInput & { message?: string },
) {
  const email = input.email.trim().toLowerCase();
  if (email === sender.email.toLowerCase()) {
    throw new AppError('VALIDATION_ERROR', 'You cannot refer yourself', {
      email: 'You cannot refer yourself',
    });
  }
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email} or lower(${users.username}) = ${email}`);
  // An address that has an account is answered like any other (decision 205): the form tells nobody who
  // has an account. The holder is told who invited them; no discount is made for an existing account.
  if (existing) {
    await deps.mailer.send(
      alreadyMemberMail({
        appUrl: deps.appUrl,
        to: email,
        firstName: input.firstName.trim(),
        senderName: fullName(sender),
      }),
    );
    return { message: 'Referral sent successfully' };
  }

  const code = newReferralCode();
  const createdAt = new Date();
  const expiresAt = referralExpiresAt({ createdAt });
  const live = deps.payments.livemode;
  const discount = await deps.payments
    .createReferralDiscount({
      code,
      percentOff: REFERRAL_DISCOUNT_PERCENT,
      expiresAt,
      metadata: { referralCode: code, senderId: String(sender.id) },
    })
    .catch(() => {
      throw new AppError('PAYMENT_ERROR', 'Could not create the referral discount. Please try again.');
    });
  await deps.db.insert(referrals).values({
    referralCode: code,
    senderId: sender.id,
    createdAt,
    receiverFirstName: input.firstName.trim(),
    receiverLastName: input.lastName.trim(),
    receiverEmail: email,
    message: input.message?.trim() || null,
    ...(live
      ? { providerCouponIdLive: discount.couponId, providerPromoCodeIdLive: discount.promotionCodeId }
      : { providerCouponId: discount.couponId, providerPromoCodeId: discount.promotionCodeId }),
  });
  await deps.mailer.send(
    referralMail({
      appUrl: deps.appUrl,
      to: email,
      firstName: input.firstName.trim(),
      senderName: fullName(sender),
      code,
      message: input.message,
      expiresAt,
    }),
  );
  return { message: 'Referral sent successfully' };
}

/** Details for the registration form; only a pending, unexpired referral answers. */
export async function lookupReferral(db: Db, code: string) {
  const r = await byCode(db, code);
  if (!r || r.status !== 'pending') throw invalid();
  if (isExpired(r)) {
    await db
      .update(referrals)
      .set({ status: 'expired' })
      .where(and(eq(referrals.id, r.id), eq(referrals.status, 'pending')));
    throw invalid();
  }
  return {
    referral_code: r.referralCode,
    receiver_email: r.receiverEmail,
    receiver_first_name: r.receiverFirstName,
    receiver_last_name: r.receiverLastName,
    referralCode: r.referralCode,
    receiverEmail: r.receiverEmail,
    receiverFirstName: r.receiverFirstName,
    receiverLastName: r.receiverLastName,
  };
}

/**
 * Ties a referral to the account just registered with the invited address. Every refusal reads
 * the same, so the call reveals nothing about accounts or codes.
 */
export async function completeReferral(db: Db, code: string, userId: number, live: boolean) {
  const r = await byCode(db, code);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!r || !user || isExpired(r)) throw invalid();
  const answer = {
    referralCode: r.referralCode,
    stripeCouponId: (live ? r.providerCouponIdLive : r.providerCouponId) ?? null,
  };
  if (r.status === 'registered' && r.receiverId === user.id) return answer;
  const matches = user.email.toLowerCase() === r.receiverEmail.toLowerCase() && user.id !== r.senderId;
  const recent = Date.now() - user.createdAt.getTime() < COMPLETE_WINDOW_MS;
  if (r.status !== 'pending' || !matches || !recent) throw invalid();
  const [updated] = await db
    .update(referrals)
    .set({ status: 'registered', receiverId: user.id })
    .where(and(eq(referrals.id, r.id), eq(referrals.status, 'pending')))
    .returning({ id: referrals.id });
  if (!updated) throw invalid();
  return answer;
}

/**
 * The referral discount a checkout may carry: the invited friend's own, unused and unexpired. The
 * stored code is checked first; without it the friend's own referral still applies (decision 035).
 */
export async function findApplicableReferral(
  db: DbOrTx,
  code: string | null | undefined,
  user: UserRow,
  live: boolean,
) {
  // The sender never benefits from their own referral, even after moving their account to the invited address.
  // Only an account opened after the invitation is the invited friend: an existing account that moves
  // its email to the invited address is not new.
  const mine = (r: Referral) =>
    r.senderId !== user.id &&
    user.createdAt.getTime() >= r.createdAt.getTime() &&
    (r.receiverId ? r.receiverId === user.id : r.receiverEmail.toLowerCase() === user.email.toLowerCase());
  const usable = (r: Referral | null): r is Referral =>
    Boolean(
      r &&
      isOpen(r) &&
      !isExpired(r) &&
      mine(r) &&
      (live ? r.providerPromoCodeIdLive : r.providerPromoCodeId),
    );
  const forUser = or(
    eq(referrals.receiverId, user.id),
    sql`lower(${referrals.receiverEmail}) = ${user.email.toLowerCase()}`,
  );
  // One discounted purchase per friend, however many invitations they received.
  const [alreadyUsed] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(forUser, eq(referrals.status, 'used')))
    .limit(1);
  if (alreadyUsed) return null;
  const byStoredCode = code ? await byCode(db, code) : null;
  const own = usable(byStoredCode)
    ? byStoredCode
    : (
        await db
          .select()
          .from(referrals)
          .where(and(forUser, inArray(referrals.status, ['pending', 'registered'])))
          .orderBy(desc(referrals.createdAt))
      ).find(usable);
  if (!own) return null;
  return {
    id: own.id,
    code: own.referralCode,
    promotionCodeId: (live ? own.providerPromoCodeIdLive : own.providerPromoCodeId)!,
  };
}

const isOpen = (r: Referral) => r.status === 'pending' || r.status === 'registered';
