import { z } from 'zod';

/**
 * Money is an integer number of cents, the smallest unit of the currency, as Stripe counts it
 * (decision 201): one type, one formatter, no floats, no dollars in the contract except the
 * specification's own `priceUsd`.
 */
export const centsSchema = z.number().int();
/** An amount that can only be paid, never returned: a price, a charge, a refund's size. */
export const nonNegativeCentsSchema = centsSchema.nonnegative();
export type Cents = z.infer<typeof centsSchema>;

/** U+2212, the minus the billing history has always shown before a returned amount. */
const MINUS = '\u2212';

export interface FormatCentsOptions {
  /** ISO 4217 code, any case; `usd` (the default) is written with `$`, others with their code after. */
  currency?: string;
  /**
   * `standard` '$39.20' / '−$5.00'; `whole` drops '.00' ('$89', the plan cards' price);
   * `plain` has no symbol and an ASCII minus ('-5.00'), for spreadsheets and other machines.
   */
  style?: 'standard' | 'whole' | 'plain';
}

/** The one money formatter of the server and the web; integer arithmetic only. */
export function formatCents(cents: Cents, o: FormatCentsOptions = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const style = o.style ?? 'standard';
  const abs = Math.abs(cents);
  const units = Math.trunc(abs / 100);
  const rest = abs % 100;
  const amount =
    style === 'whole' && rest === 0 ? String(units) : `${units}.${String(rest).padStart(2, '0')}`;
  if (style === 'plain') return `${cents < 0 ? '-' : ''}${amount}`;
  const sign = cents < 0 ? MINUS : '';
  const currency = (o.currency ?? 'usd').toLowerCase();
  return currency === 'usd' ? `${sign}$${amount}` : `${sign}${amount} ${currency.toUpperCase()}`;
}

/**
 * The plans table keeps its price in a numeric(10,2) dollar column (`price_usd`, named by the
 * specification); this is the only place those dollars become cents.
 */
export function centsFromDollars(dollars: number): Cents {
  const cents = Math.round(dollars * 100);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount of dollars: ${dollars}`);
  return cents;
}

/** The specification's `priceUsd` field, derived from cents at the one place that answers it. */
export const dollarsFromCents = (cents: Cents): number => cents / 100;
