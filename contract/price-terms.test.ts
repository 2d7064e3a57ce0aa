import { describe, expect, it } from 'vitest';
import { discountedPlanTerms, yearlyPriceTerms } from './price-terms';

describe('how a price is said (issue 27 items 3 and 5)', () => {
  it('a plan card says the price is billed yearly and what that is a month', () => {
    expect(yearlyPriceTerms(4900)).toEqual({
      price: '$49',
      billed: 'billed yearly',
      monthly: 'About $4.08 a month',
    });
    expect(yearlyPriceTerms(8900).monthly).toBe('About $7.42 a month');
    expect(yearlyPriceTerms(12000)).toMatchObject({ price: '$120', monthly: '$10.00 a month' });
  });

  it('a referral discount is the first year only, then the full price', () => {
    expect(discountedPlanTerms({ amountSubtotalCents: 4900, amountTotalCents: 3920, interval: 'year' })).toBe(
      'First year $39.20, then $49.00 per year',
    );
    expect(discountedPlanTerms({ amountSubtotalCents: 8900, amountTotalCents: 7120, interval: 'year' })).toBe(
      'First year $71.20, then $89.00 per year',
    );
  });

  it('says nothing more for an undiscounted plan or a one-time purchase', () => {
    expect(
      discountedPlanTerms({ amountSubtotalCents: 4900, amountTotalCents: 4900, interval: 'year' }),
    ).toBeNull();
    expect(
      discountedPlanTerms({ amountSubtotalCents: 5900, amountTotalCents: 4720, interval: null }),
    ).toBeNull();
  });
});
