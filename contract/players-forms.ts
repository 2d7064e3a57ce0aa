import { z } from 'zod';
import { ID_MAX, LEVELS, US_STATE_CODES } from './constants';
import {
  GENDERS,
  GRAD_YEAR_MAX,
  GRAD_YEAR_MIN,
  HEIGHT_FEET_MAX,
  latestBirthDate,
  PHOTO_UPLOAD_AGAIN,
  PHOTO_URL_RE,
  SAME_POSITION,
  SCHOOL_STATE_CODES,
  WEIGHT_MAX,
  WEIGHT_MIN,
} from './players';

/**
 * What the player add and edit forms send, and the create and update bodies the server checks (the same
 * rules, decision 014). Kept apart from players.ts, whose constants the signed-in screens import, so that
 * only the forms load these schemas and zod (decision 234).
 */

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

const stripAt = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/^@+/, '') : v);

/** A required string whose absence reads as `msg`; at most 255 characters. */
const requiredText = (msg: string, label = 'This field') =>
  z
    .string({ error: msg })
    .trim()
    .min(1, msg)
    .max(TEXT_MAX, `${label} must be at most ${TEXT_MAX} characters`);

const optionalText = (label: string) =>
  z.preprocess(
    blankToNull,
    z.string().max(TEXT_MAX, `${label} must be at most ${TEXT_MAX} characters`).nullable().optional(),
  );

/** Only http(s): these links are rendered to other people. */
const optionalUrl = () =>
  z.preprocess(
    blankToNull,
    z
      .url({ protocol: /^https?$/, error: 'Please enter a valid URL' })
      .max(TEXT_MAX, `URL must be at most ${TEXT_MAX} characters`)
      .nullable()
      .optional(),
  );

const requiredNumber = (msg: string, rules: z.ZodType<number, number>) =>
  z.preprocess(toNumber(undefined), z.number({ error: msg }).pipe(rules));

const optionalNumber = (rules: z.ZodType<number, number>) =>
  z.preprocess(toNumber(null), z.number({ error: 'Must be a number' }).pipe(rules).nullable().optional());

const position = (msg: string) => requiredNumber(msg, z.number().int(msg).positive(msg).max(ID_MAX, msg));
const handle = (msg: string) =>
  z.preprocess(
    stripAt,
    requiredText(msg).regex(/^[A-Za-z0-9_.]+$/, 'Use letters, numbers, underscores and periods only'),
  );
const hudl = (msg: string) =>
  requiredText(msg).pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid URL' }));

const dateOfBirth = z
  .string({ error: 'Date of birth is required' })
  .min(1, 'Date of birth is required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '1900-01-01',
    'Please enter a valid date',
  )
  .refine((v) => v <= latestBirthDate(), {
    error: () => `Date of birth must be on or before Dec 31, ${new Date().getFullYear() - 10}`,
  });

const phone = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\D/g, '') : v),
  z.string({ error: 'Phone number must be 10 digits' }).regex(/^\d{10}$/, 'Phone number must be 10 digits'),
);

const countryCode = z.preprocess(
  // A lone '+' (what the input shows when emptied) is a missing code, not a malformed one.
  (v) => (typeof v === 'string' ? v.replace(/[^\d+]/g, '').replace(/^\++$/, '') : v),
  requiredText('Country code is required')
    .transform((v) => `+${v.replace(/\+/g, '')}`)
    .pipe(z.string().regex(/^\+\d{1,4}$/, 'Country code must be + and 1 to 4 digits')),
);

/** Fields both the form and the API body carry unchanged; every message of the specification is here. */
const shared = {
  firstName: requiredText('First name is required', 'First name'),
  lastName: requiredText('Last name is required', 'Last name'),
  level: z.enum(LEVELS, { error: 'Level is required' }),
  school: requiredText('School is required', 'School'),
  // Set for a school picked from the directory; typed under 'My school is not listed' (stored unverified).
  schoolCity: optionalText('School city'),
  schoolState: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(SCHOOL_STATE_CODES, { error: "Choose the school's state" }).nullable().optional(),
  ),
  graduationYear: requiredNumber(
    'Graduation year is required',
    z
      .number()
      .int('Graduation year is required')
      .min(GRAD_YEAR_MIN, 'Graduation year is required')
      .max(GRAD_YEAR_MAX, `Graduation year must be ${GRAD_YEAR_MAX} or earlier`),
  ),
  primaryPositionId: position('Primary position is required'),
  secondaryPositionId: position('Secondary position is required'),
  gender: z.enum(GENDERS, { error: 'Gender is required' }),
  dateOfBirth,
  photoUrl: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().regex(PHOTO_URL_RE, PHOTO_UPLOAD_AGAIN).nullable().optional(),
  ),
  addressLine1: requiredText('Address is required', 'Address'),
  addressLine2: optionalText('Address line 2'),
  city: requiredText('City is required', 'City'),
  state: z.enum(US_STATE_CODES, {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? 'State is required'
        : 'Choose a US state from the list',
  }),
  zipCode: requiredText('ZIP code is required').regex(/^\d{5}$/, 'ZIP code must be 5 digits'),
  county: requiredText('County is required', 'County'),
  email: z
    .string({ error: 'Valid email address is required' })
    .trim()
    .pipe(z.email('Valid email address is required').max(255, 'Valid email address is required')),
  phone,
  phoneCountryCode: countryCode,
  facebookUrl: optionalUrl(),
  instagramHandle: handle('Instagram handle is required'),
  gpa: optionalNumber(
    z
      .number()
      .min(0, 'GPA must be between 0 and 5')
      .max(5, 'GPA must be between 0 and 5')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'GPA can have at most 2 decimal places'),
  ),
  satScore: optionalNumber(
    z
      .number()
      .int('SAT score must be a whole number')
      .min(400, 'SAT score must be between 400 and 1600')
      .max(1600, 'SAT score must be between 400 and 1600')
      .multipleOf(10, 'SAT score must be a multiple of 10'),
  ),
  actScore: optionalNumber(
    z
      .number()
      .int('ACT score must be a whole number')
      .min(1, 'ACT score must be between 1 and 36')
      .max(36, 'ACT score must be between 1 and 36'),
  ),
};

/**
 * A minor's birth date and contact details, as the family enters them. Only the family reads them
 * (decision 197), so an admin's edit leaves them out and the stored values stay.
 */
const contact = {
  dateOfBirth: shared.dateOfBirth,
  addressLine1: shared.addressLine1,
  addressLine2: shared.addressLine2,
  zipCode: shared.zipCode,
  email: shared.email,
  phone: shared.phone,
  phoneCountryCode: shared.phoneCountryCode,
};
const contactLeftOut = {
  dateOfBirth: contact.dateOfBirth.optional(),
  addressLine1: contact.addressLine1.optional(),
  addressLine2: contact.addressLine2,
  zipCode: contact.zipCode.optional(),
  email: contact.email.optional(),
  phone: contact.phone.optional(),
  phoneCountryCode: contact.phoneCountryCode.optional(),
};
/** The family's edit must carry them all, with the form's messages. */
export const playerContactSchema = z.object(contact);

const hudlRequired = hudl('Hudl Profile URL is required');
const hudlOptional = optionalUrl();

/** What the add and edit forms hold: height in feet and inches, weight in pounds, the X handle. */
const formOnly = {
  heightFeet: requiredNumber(
    'Height is required',
    z
      .number()
      .int('Height is required')
      .positive('Height is required')
      .max(HEIGHT_FEET_MAX, `Height must be at most ${HEIGHT_FEET_MAX} feet`),
  ),
  heightInches: requiredNumber(
    'Inches must be between 0 and 11',
    z
      .number()
      .int('Inches must be between 0 and 11')
      .min(0, 'Inches must be between 0 and 11')
      .max(11, 'Inches must be between 0 and 11'),
  ),
  weightPounds: requiredNumber(
    'Weight is required',
    z
      .number()
      .int('Weight must be a whole number')
      .min(WEIGHT_MIN, 'Weight is required')
      .max(WEIGHT_MAX, `Weight must be at most ${WEIGHT_MAX} lbs`),
  ),
  xHandle: handle('X/Twitter handle is required'),
};

/** What travels to the API: total inches, weight, twitterHandle (the form's extra keys are ignored). */
const wireOnly = {
  heightInches: requiredNumber(
    'Height is required',
    z
      .number()
      .int('Height is required')
      .min(12, 'Height is required')
      .max(HEIGHT_FEET_MAX * 12 + 11, `Height must be at most ${HEIGHT_FEET_MAX} feet`),
  ),
  weight: formOnly.weightPounds,
  twitterHandle: handle('X/Twitter handle is required'),
};

/** A player edited without a secondary position (one created before it was asked, or by the API) can be saved. */
const secondaryOptional = {
  secondaryPositionId: optionalNumber(
    z
      .number()
      .int('Secondary position is required')
      .positive('Secondary position is required')
      .max(ID_MAX, 'Secondary position is required'),
  ),
};
const positionsDiffer = {
  check: (v: { primaryPositionId?: unknown; secondaryPositionId?: unknown }) =>
    v.secondaryPositionId == null || v.secondaryPositionId !== v.primaryPositionId,
  params: {
    message: SAME_POSITION,
    path: ['secondaryPositionId'],
    // Runs beside other fields' errors, so every problem shows at once.
    when: (p: { value: unknown }) => {
      const v = p.value as { primaryPositionId?: unknown; secondaryPositionId?: unknown } | undefined;
      return typeof v?.primaryPositionId === 'number' && typeof v?.secondaryPositionId === 'number';
    },
  },
};

export const playerFormSchema = z
  .object({ ...shared, ...formOnly, hudlUrl: hudlRequired })
  .refine(positionsDiffer.check, positionsDiffer.params);
export const playerEditFormSchema = z
  .object({ ...shared, ...formOnly, ...secondaryOptional, hudlUrl: hudlOptional })
  .refine(positionsDiffer.check, positionsDiffer.params);
/** An admin editing a family's player: the same form without the birth date and contact details. */
export const playerStaffEditFormSchema = z
  .object({ ...shared, ...formOnly, ...secondaryOptional, ...contactLeftOut, hudlUrl: hudlOptional })
  .refine(positionsDiffer.check, positionsDiffer.params);
export type PlayerFormValues = z.output<typeof playerStaffEditFormSchema>;

export const createPlayerSchema = z
  .object({ ...shared, ...wireOnly, hudlUrl: hudlRequired })
  .refine(positionsDiffer.check, positionsDiffer.params);
export const updatePlayerSchema = z
  .object({ ...shared, ...wireOnly, ...secondaryOptional, ...contactLeftOut, hudlUrl: hudlOptional })
  .refine(positionsDiffer.check, positionsDiffer.params);
export type CreatePlayerInput = z.output<typeof createPlayerSchema>;
export type UpdatePlayerInput = z.output<typeof updatePlayerSchema>;
