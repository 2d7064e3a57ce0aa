import { z } from 'zod';
import { ROLES } from './access';

export const MISSING_VERIFICATION =
  'Missing verification token or email. Please check your verification link.';
export const MISSING_RESEND_EMAIL =
  'Email address is missing. Please try to use the original verification link.';

export const verifyEmailSchema = z.object({
  token: z.string({ error: MISSING_VERIFICATION }).min(1, MISSING_VERIFICATION),
  email: z.string({ error: MISSING_VERIFICATION }).min(1, MISSING_VERIFICATION),
});
export const resendVerificationSchema = z.object({
  email: z.string({ error: MISSING_RESEND_EMAIL }).min(1, MISSING_RESEND_EMAIL),
});

export const CURRENT_PASSWORD_REQUIRED =
  'Enter your current password to change your email, username or password';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/** The current user as every endpoint returns it: never a password, hash or token. */
export const publicUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  credits: z.number(),
  igaCredits: z.number(),
  stripeCustomerId: z.string().nullable(),
  hasActiveSubscription: z.boolean(),
  isEmailVerified: z.boolean(),
  plan: z.object({ name: z.string() }).nullable(),
  subscription: z.object({ name: z.string() }).nullable(),
  loginCount: z.number(),
  firstLoginAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** A new email waiting for its confirmation link to be followed; sign-in still uses the current one. */
  pendingEmail: z.string().nullable().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const registerResponseSchema = publicUserSchema.extend({ message: z.string().optional() });
export const messageSchema = z.object({ message: z.string() });
