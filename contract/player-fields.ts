import { z } from 'zod';

const TEXT_MAX = 255;

/** '' / null / NaN (an empty number input) -> missing; numeric strings -> numbers. */
const toNumber = (empty: undefined | null) => (v: unknown) => {
  if (v === '' || v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))) return empty;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return v;
};

const blankToNull = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return t === '' ? null : t;
};

export const stripAt = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/^@+/, '') : v);

/** A required string whose absence reads as `msg`; at most 255 characters. */
export const requiredText = (msg: string, label = 'This field') =>
  z
    .string({ error: msg })
    .trim()
    .min(1, msg)
    .max(TEXT_MAX, `${label} must be at most ${TEXT_MAX} characters`);

export const optionalText = (label: string) =>
  z.preprocess(
    blankToNull,
    z.string().max(TEXT_MAX, `${label} must be at most ${TEXT_MAX} characters`).nullable().optional(),
  );

/** Only http(s): these links are rendered to other people. */
export const optionalUrl = () =>
  z.preprocess(
    blankToNull,
    z
      .url({ protocol: /^https?$/, error: 'Please enter a valid URL' })
      .max(TEXT_MAX, `URL must be at most ${TEXT_MAX} characters`)
      .nullable()
      .optional(),
  );

export const requiredNumber = (msg: string, rules: z.ZodType<number, number>) =>
  z.preprocess(toNumber(undefined), z.number({ error: msg }).pipe(rules));

export const optionalNumber = (rules: z.ZodType<number, number>) =>
  z.preprocess(toNumber(null), z.number({ error: 'Must be a number' }).pipe(rules).nullable().optional());
