import { z } from 'zod';
import { divisionSchema, required } from './coach';
import { PASSWORD_MIN } from './constants';

/**
 * The schemas of what a coach's forms send (decision 234): a coach's application, an admin's decline and a
 * family's acceptance of a coach's message. Kept apart from coach.ts, whose constants the family screens
 * import, so that those screens do not evaluate zod at load; coach.ts does not import this module.
 */
export const coachApplicationSchema = z.object({
  name: required('Name is required'),
  title: required('Title is required'),
  division: z.enum(divisionSchema.options, { error: 'Pick your division' }),
  collegeIpedsId: z.coerce
    .number({ error: 'Pick your college from the list' })
    .int('Pick your college from the list')
    .positive('Pick your college from the list')
    .max(99_999_999, 'Pick your college from the list'),
  email: z
    .string({ error: 'Work email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Must be a valid email')),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200),
});
export type CoachApplicationInput = z.input<typeof coachApplicationSchema>;

/** The admin's approval may correct the division the coach stated. */
export const approveApplicationSchema = z.object({ division: divisionSchema.optional() }).nullish();

export const declineApplicationSchema = z.object({
  reason: required('Give the applicant a reason', 1000),
});

export const acceptMessageSchema = z.object({
  contactEmail: z
    .string({ error: 'Contact email is required' })
    .trim()
    .pipe(z.email('Must be a valid email')),
});
