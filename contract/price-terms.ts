import { formatCents, type Cents } from './money';

/**
 * How a price is said to a family (decision 206), with the one formatter of decision 201.
 * A plan is billed once a year: its card says so, with the monthly equivalent in small print.
 */
export function yearlyPriceTerms(yearCents: Cents) {
  const exact = yearCents % 12 === 0;
  const monthly = formatCents(Math.round(yearCents / 12));
  return {
    price: formatCents(yearCents, { style: 'whole' }),
    billed: 'billed yearly',
    monthly: exact ? `${monthly} a month` : `About ${monthly} a month`,
  };
}

/**
 * What a subscription's checkout charges over time. A referral discount covers the first payment only
 * (the coupon's duration is 'once'), so a discounted total is the first year's, not the yearly price.
 * Null for a one-time purchase and for an undiscounted plan, whose amount reads 'per year' as it is.
 */
export function discountedPlanTerms(s: {
  amountSubtotalCents: Cents;
  amountTotalCents: Cents;
  interval: string | null;
}): string | null {
  if (!s.interval || s.amountTotalCents === s.amountSubtotalCents) return null;
  const first = formatCents(s.amountTotalCents);
  return `First ${s.interval} ${first}, then ${formatCents(s.amountSubtotalCents)} per ${s.interval}`;
}

/**
 * The terms the plans page states before 'Pay' (issue 52 item 5), as the billing code does them: a plan
 * is a yearly subscription that renews until canceled, each paid year adds the plan's credits
 * (webhook-effects.ts, one grant per paid invoice), cancelling stops the renewal at the period's end
 * (cancel_at_period_end), and no balance is ever reset or expired: only a refunded payment takes back
 * the credits it added.
 */
export const PLAN_TERMS = {
  renewal:
    "Plans renew every year on the day you subscribed, at the plan's price, until you cancel. Each yearly payment adds the plan's credits to your balance.",
  cancel:
    "Cancel any time in Profile, Payment Details, with 'Cancel Subscription': the plan stops renewing and stays active until the end of the year you paid for, with no refund for the remaining time. You can reactivate it until then.",
  credits:
    'Credits never reset or expire: what you have not used stays in your balance when the plan renews, when you change plans and after you cancel. Only a refunded payment takes back the credits it added.',
  packages:
    'One-time products are charged once and never renew; their credits are added at once and do not expire.',
} as const;
