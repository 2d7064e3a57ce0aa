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
