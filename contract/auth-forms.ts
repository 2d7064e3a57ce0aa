import { z } from 'zod';
import { PASSWORD_MIN, USERNAME_MIN } from './constants';

/**
 * What the sign-in, registration, password-reset and profile forms send. Kept apart from auth.ts so that
 * a screen reading auth.ts for its constants does not evaluate these schemas, nor zod, on load
 * (decision 234).
 */

/** A string whose absence reads as the field's own "is required" message. */
const requiredString = (msg: string) => z.string({ error: msg }).trim().min(1, msg);

const requiredEmail = (requiredMsg: string) =>
  requiredString(requiredMsg).pipe(z.email('Must be a valid email'));

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);

export const loginSchema = z.object({
  username: requiredEmail('Email is required'),
  password,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: requiredEmail('Email is required'),
  email: requiredEmail('Confirmation email is required'),
  password,
  firstName: requiredString('First name is required').max(255),
  lastName: requiredString('Last name is required').max(255),
  referralCode: z.string().max(100).nullable().optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The server insists the confirmation matches; the form shows the same message on `email`. */
export const registerServerSchema = registerSchema.refine(
  (v) => v.username.toLowerCase() === v.email.toLowerCase(),
  { path: ['email'], message: 'Emails do not match' },
);

export const resetRequestSchema = z.object({ email: requiredEmail('Email is required') });

export const resetConfirmSchema = z.object({
  token: z.string().min(1, 'Missing reset token'),
  email: z.email('Must be a valid email'),
  password,
});

export const resetConfirmFormSchema = z
  .object({ password, confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export const profileUpdateSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(255),
  lastName: z.string().trim().min(1, 'Last name is required').max(255),
  username: z
    .string()
    .trim()
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(255),
  email: z.email('Please enter a valid email'),
  password: z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`).optional(),
  /** Required to change the password, the email or the username (decision 073). */
  currentPassword: z.string().max(1024).optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
