import { z } from 'zod';

/**
 * The schema of what the built-in test-mode checkout's card form sends (decision 234). Kept apart from
 * billing.ts, whose constants and rules the family screens import, so that those screens do not evaluate
 * zod at load; billing.ts does not import this module.
 */
const thisYear2 = () => new Date().getFullYear() % 100;

/** Stripe Elements' own wording for incomplete or impossible card input. */
export const testPaySchema = z.object({
  cardNumber: z
    .string({ error: 'Your card number is incomplete.' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{13,19}$/, 'Your card number is incomplete.')),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .transform((s) => s.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{2}\/?\d{2}$/, "Your card's expiration date is incomplete."))
    .refine((s) => {
      const m = Number(s.slice(0, 2));
      return m >= 1 && m <= 12;
    }, "Your card's expiration date is invalid.")
    .refine((s) => {
      const m = Number(s.slice(0, 2));
      const y = Number(s.slice(-2));
      const now = new Date();
      return y > thisYear2() || (y === thisYear2() && m >= now.getMonth() + 1);
    }, "Your card's expiration date is in the past."),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  name: z.string().trim().max(200).optional(),
});
export type TestPayInput = z.input<typeof testPaySchema>;
