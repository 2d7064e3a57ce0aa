import { z } from 'zod';
import { ID_MAX } from './constants';

/** Percent off the referred friend's first purchase (decision 035). */
export const REFERRAL_DISCOUNT_PERCENT = 20;
/** Days a referral code stays valid after it is sent (decision 035). */
export const REFERRAL_VALID_DAYS = 90;
export const INVALID_REFERRAL = 'Invalid or expired referral code';

export const referralSendResponseSchema = z.object({ message: z.string() });

export const referralCodeParamsSchema = z.object({ code: z.string().min(1).max(100) });

/** Both spellings are answered; the registration page reads either. */
export const referralDetailsSchema = z.object({
  referral_code: z.string(),
  receiver_email: z.string(),
  receiver_first_name: z.string(),
  receiver_last_name: z.string(),
  referralCode: z.string(),
  receiverEmail: z.string(),
  receiverFirstName: z.string(),
  receiverLastName: z.string(),
});

export const referralCompleteBodySchema = z.object({
  userId: z.coerce
    .number({ error: 'userId is required' })
    .int()
    .positive('userId is required')
    .max(ID_MAX, 'userId is required'),
});
export const referralCompleteResponseSchema = z.object({
  referralCode: z.string(),
  stripeCouponId: z.string().nullable(),
});
export type ReferralComplete = z.infer<typeof referralCompleteResponseSchema>;

/** Referral endpoints also answer `error` (the registration page reads it). */
export const referralErrorSchema = z.object({
  message: z.string(),
  error: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** Where the coupon id and code are kept in the browser between registration and first checkout. */
export const STRIPE_COUPON_STORAGE_KEY = 'stripeCouponId';
export const REFERRAL_CODE_STORAGE_KEY = 'referralCode';
