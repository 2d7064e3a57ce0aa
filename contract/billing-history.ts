import { z } from 'zod';
import { centsSchema, nonNegativeCentsSchema } from './money';
import { PAGE_SIZES } from './pagination';
import { cursorQuery, limitQuery } from './pagination-query';

// ---- Billing history: the credit ledger as the family sees it ----

export const LEDGER_TYPES = [
  'purchase',
  'subscription_grant',
  'spend',
  'refund',
  'admin_adjust',
  'payment_refund',
  'dispute',
  'dispute_reversal',
  'refund_reversal',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const LEDGER_LABELS: Record<LedgerType, string> = {
  purchase: 'Purchase',
  subscription_grant: 'Plan payment',
  spend: 'Analysis request',
  refund: 'Credit returned',
  admin_adjust: 'Adjustment',
  payment_refund: 'Payment refunded',
  dispute: 'Chargeback',
  dispute_reversal: 'Chargeback won',
  refund_reversal: 'Refund failed',
};

export const billingHistoryQuerySchema = z.object({
  cursor: cursorQuery,
  limit: limitQuery(PAGE_SIZES.billingHistory.max, PAGE_SIZES.billingHistory.fallback),
  kind: z.enum(['all', 'payments'], { error: "Kind must be 'all' or 'payments'" }).default('all'),
});

export const billingHistoryItemSchema = z.object({
  id: z.number(),
  type: z.enum(LEDGER_TYPES).or(z.string()),
  label: z.string(),
  description: z.string(),
  /** Max Speed credits added (positive) or taken (negative). */
  credits: z.number(),
  igaCredits: z.number(),
  /** Money paid (positive) or returned (negative), in cents; null when the row moved no money. */
  amountCents: centsSchema.nullable(),
  currency: z.string(),
  createdAt: z.string(),
  /** Test mode only: the hosted page of the checkout that paid for it (refund and dispute tools). */
  testCheckoutUrl: z.string().nullable(),
});
export type BillingHistoryItem = z.infer<typeof billingHistoryItemSchema>;
export const billingHistoryResponseSchema = z.array(billingHistoryItemSchema);

// ---- Payment details: what the family actually has ----

export const billingAccountSchema = z.object({
  credits: z.number(),
  igaCredits: z.number(),
  /** A refund or chargeback took back credits already spent: requests are paused until it is settled. */
  negativeBalance: z.boolean(),
  hasSubscription: z.boolean(),
  supportEmail: z.string(),
  /** The Stripe customer portal is offered when Stripe keys are set and the user is a Stripe customer. */
  portalAvailable: z.boolean(),
  provider: z.enum(['test-mode', 'stripe']),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;
export const portalResponseSchema = z.object({ url: z.string() });

// ---- Built-in test checkout: refunds and disputes ----

export const testPaymentStateSchema = z.object({
  paymentIntentId: z.string(),
  chargeId: z.string(),
  amountCents: nonNegativeCentsSchema,
  amountRefundedCents: nonNegativeCentsSchema,
  disputeStatus: z.string().nullable(),
});
export const testRefundBodySchema = z
  .object({
    amountCents: z
      .number({ error: 'Refund amount must be a whole number of cents' })
      .int('Refund amount must be a whole number of cents')
      .positive('Refund amount must be at least 1 cent')
      .max(100_000_000, 'Refund amount is too large')
      .optional(),
  })
  .nullish();
export const testDisputeCloseBodySchema = z.object({
  outcome: z.enum(['won', 'lost'], { error: "Outcome must be 'won' or 'lost'" }),
});

// ---- Admin reporting: refunds, disputes, negative balances ----

export const billingReportSchema = z.object({
  refunds: z.object({
    count: z.number(),
    amountCents: nonNegativeCentsSchema,
    creditsTaken: z.number(),
    igaTaken: z.number(),
  }),
  disputes: z.object({
    open: z.number(),
    won: z.number(),
    lost: z.number(),
    amountCents: nonNegativeCentsSchema,
  }),
  unmatched: z.number(),
  negativeBalances: z.array(
    z.object({ id: z.number(), email: z.string(), credits: z.number(), igaCredits: z.number() }),
  ),
  negativeBalanceCount: z.number(),
});
export type BillingReport = z.infer<typeof billingReportSchema>;

// ---- Plan change: what will be charged and credited, before paying ----

export const checkoutPreviewQuerySchema = z.object({
  planId: z.coerce
    .number({ error: 'Please choose a plan' })
    .int('Please choose a plan')
    .positive('Please choose a plan')
    .max(2147483647, 'Please choose a plan'),
});
export const checkoutPreviewSchema = z.object({
  planName: z.string(),
  /** What the payment page will charge now, in cents, before a referral discount. */
  chargeCents: nonNegativeCentsSchema,
  interval: z.string().nullable(),
  /** Credits the purchase adds (a plan: its year's credits, granted when the first invoice is paid). */
  credits: z.number(),
  igaCredits: z.number(),
  /** The plan this one ends at once when it is paid; its credits already granted stay (decision 064). */
  replaces: z
    .object({ planName: z.string(), periodEnd: z.string().nullable(), creditsKept: z.boolean() })
    .nullable(),
  summary: z.string(),
});
export type CheckoutPreview = z.infer<typeof checkoutPreviewSchema>;
