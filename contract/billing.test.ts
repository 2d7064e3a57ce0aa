import { describe, expect, it } from 'vitest';
import { isCreditFeatureLine, planButtonLabel } from './billing';
import { testPaySchema } from './billing-forms';

const sub = (name: string) => ({ type: 'subscription' as const, name });
const labels = (current: Parameters<typeof planButtonLabel>[1]) =>
  ['Economy', 'Basic', 'Standard', 'Premium'].map((n) => planButtonLabel(sub(n), current));

describe('plan button labels (specification section 4)', () => {
  it('one-time products always read Purchase', () => {
    expect(
      planButtonLabel(
        { type: 'one_time', name: 'Combo Pack' },
        { planName: 'Premium', cancelAtPeriodEnd: false },
      ),
    ).toBe('Purchase');
  });
  it('without a subscription every plan reads Subscribe', () => {
    expect(labels(null)).toEqual(['Subscribe', 'Subscribe', 'Subscribe', 'Subscribe']);
  });
  it('on Basic: lower Not Available, same Current Plan, higher Upgrade', () => {
    expect(labels({ planName: 'Basic', cancelAtPeriodEnd: false })).toEqual([
      'Not Available',
      'Current Plan',
      'Upgrade',
      'Upgrade',
    ]);
  });
  it('on Basic set to end: Renew on Basic, Subscribe elsewhere', () => {
    expect(labels({ planName: 'Basic', cancelAtPeriodEnd: true })).toEqual([
      'Subscribe',
      'Renew',
      'Subscribe',
      'Subscribe',
    ]);
  });
  it('on Premium: Current Plan on Premium, Not Available on the others, even when set to end', () => {
    const expected = ['Not Available', 'Not Available', 'Not Available', 'Current Plan'];
    expect(labels({ planName: 'Premium', cancelAtPeriodEnd: false })).toEqual(expected);
    expect(labels({ planName: 'Premium', cancelAtPeriodEnd: true })).toEqual(expected);
  });
});

describe('plan card feature lines', () => {
  it('hides lines that repeat the credit lines', () => {
    expect(isCreditFeatureLine('10 Max Speed verifications per year')).toBe(true);
    expect(isCreditFeatureLine('5 IGA Scores per year')).toBe(true);
    expect(isCreditFeatureLine('Priority analysis')).toBe(false);
  });
});

describe('test card form', () => {
  it('accepts spaced numbers and MM / YY', () => {
    expect(
      testPaySchema.parse({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }).cardNumber,
    ).toBe('4242424242424242');
  });
  it('refuses an impossible month', () => {
    const r = testPaySchema.safeParse({ cardNumber: '4242424242424242', expiry: '13/30', cvc: '123' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe("Your card's expiration date is invalid.");
  });
});
