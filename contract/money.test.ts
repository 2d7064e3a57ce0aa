import { describe, expect, it } from 'vitest';
import { centsFromDollars, centsSchema, dollarsFromCents, formatCents } from './money';

describe('formatCents, the one money formatter', () => {
  it('writes dollars and two-digit cents as every screen shows them', () => {
    expect(formatCents(3920)).toBe('$39.20');
    expect(formatCents(4900)).toBe('$49.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456789)).toBe('$1234567.89');
  });

  it('puts the billing history minus (U+2212) before a returned amount', () => {
    expect(formatCents(-500)).toBe('\u2212$5.00');
    expect(formatCents(-4900)).toBe('−$49.00');
  });

  it('drops .00 on a whole price for the plan cards, and keeps the cents otherwise', () => {
    expect(formatCents(8900, { style: 'whole' })).toBe('$89');
    expect(formatCents(1250, { style: 'whole' })).toBe('$12.50');
  });

  it('writes a plain number with an ASCII minus for the CSV export', () => {
    expect(formatCents(-4900, { style: 'plain' })).toBe('-49.00');
    expect(formatCents(1900, { style: 'plain' })).toBe('19.00');
  });

  it('names another currency by its code', () => {
    expect(formatCents(1999, { currency: 'USD' })).toBe('$19.99');
    expect(formatCents(-1999, { currency: 'eur' })).toBe('−19.99 EUR');
  });

  it('refuses a fraction of a cent instead of rounding it silently', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('conversions at the edges', () => {
  it("turns the plans table's numeric(10,2) dollars into cents without float error", () => {
    expect(centsFromDollars(89)).toBe(8900);
    expect(centsFromDollars(19.99)).toBe(1999);
    expect(centsFromDollars(0.29)).toBe(29);
    expect(dollarsFromCents(centsFromDollars(69))).toBe(69);
  });

  it('accepts only whole cents in the contract', () => {
    expect(centsSchema.safeParse(4900).success).toBe(true);
    expect(centsSchema.safeParse(-4900).success).toBe(true);
    expect(centsSchema.safeParse(49.5).success).toBe(false);
  });
});
