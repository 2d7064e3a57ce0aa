import { z } from 'zod';
import { REFERRAL_MESSAGE_MAX } from './constants';

/**
 * What the refer-a-friend form sends. Kept apart from referrals.ts so that the signed-in screens, which
 * read referrals.ts for its constants, do not evaluate this schema, nor zod, on load (decision 234).
 */

const email = z.string({ error: 'Invalid email address' }).trim().pipe(z.email('Invalid email address'));

export const referralSendSchema = z
  .object({
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(255),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(255),
    email,
    confirmEmail: email,
    message: z
      .string()
      .max(REFERRAL_MESSAGE_MAX, `Message must be at most ${REFERRAL_MESSAGE_MAX} characters`)
      .optional(),
  })
  .refine((v) => v.email.toLowerCase() === v.confirmEmail.toLowerCase(), {
    path: ['confirmEmail'],
    message: 'Emails do not match',
  });
export type ReferralSendInput = z.input<typeof referralSendSchema>;
