import { z } from 'zod';
import { percentileSchema } from './percentiles';

export const SHARE_SWITCH_LABEL = 'Share verified profile';
export const NEW_LINK_LABEL = 'New link';
export const ANALYST_ASSESSMENT = 'analyst assessment';
export const VERIFIED_BY_TWO = 'Verified by 2 analysts';

/** What the family may show on the public page (decision 111). Name is always shown. */
export const SHARE_FIELDS = [
  'photo',
  'classYear',
  'positions',
  'school',
  'level',
  'height',
  'weight',
  'maxSpeed',
  'forty',
  // A kind whose evidence is in kind_receipts is shown under its key (decision 243).
  'vertical_jump',
  'igaScore',
  'percentiles',
  'hudl',
  'academics',
  'twitter',
  'instagram',
  'facebook',
] as const;
export type ShareField = (typeof SHARE_FIELDS)[number];
export const SHARE_FIELD_LABELS: Record<ShareField, string> = {
  photo: 'Photo',
  classYear: 'Class year',
  positions: 'Positions',
  school: 'School',
  level: 'Level',
  height: 'Height',
  weight: 'Weight',
  maxSpeed: 'Verified Max Speed with its receipt',
  forty: 'Verified 40 with its receipt',
  vertical_jump: 'Verified vertical jump with its receipt',
  igaScore: 'IGA Score and its submetrics',
  percentiles: 'Percentiles',
  hudl: 'Hudl link',
  academics: 'GPA, SAT and ACT',
  twitter: 'X (Twitter) handle',
  instagram: 'Instagram handle',
  facebook: 'Facebook link',
};
/** Social handles and academics are off until the family ticks them. */
export const DEFAULT_SHOW: Record<ShareField, boolean> = {
  photo: true,
  classYear: true,
  positions: true,
  school: true,
  level: true,
  height: true,
  weight: true,
  maxSpeed: true,
  forty: true,
  vertical_jump: true,
  igaScore: true,
  percentiles: true,
  hudl: true,
  academics: false,
  twitter: false,
  instagram: false,
  facebook: false,
};
export const showSchema = z.object(
  Object.fromEntries(SHARE_FIELDS.map((f) => [f, z.boolean()])) as Record<ShareField, z.ZodBoolean>,
);
export type ShowSettings = z.infer<typeof showSchema>;

export const shareSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The public page's path, /p/{slug}; null while sharing is off. */
  path: z.string().nullable(),
  url: z.string().nullable(),
  show: showSchema,
  viewCount: z.number().int(),
  links: z.object({ image: z.string(), qrSvg: z.string(), qrPng: z.string(), pdf: z.string() }).nullable(),
});
export type ShareSettings = z.infer<typeof shareSettingsSchema>;

export const updateShareSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    show: showSchema.partial().strict().optional(),
  })
  .strict();
export type UpdateShareInput = z.infer<typeof updateShareSchema>;

/** Any text: a slug that names no shared profile is a 404, never a 400 that would tell slugs apart. */
export const slugParamsSchema = z.object({ slug: z.string().max(200) });

const speedSchema = z.object({
  value: z.number(),
  plusMinus: z.number().nullable(),
  methodLabel: z.string().nullable(),
  /** '21.3 mph ± 0.4' */
  text: z.string(),
  date: z.string().nullable(),
  season: z.number(),
  /** The public receipt page, when the value was measured. */
  receiptPath: z.string().nullable(),
  verifiedByTwo: z.boolean(),
});

/** A verified 40 (decision 209): '4.62 s ± 0.01 (verified 40, video 240 fps)', never a hand time. */
const fortySchema = z.object({
  text: z.string(),
  method: z.string(),
  /** '10-yard split 1.60 s ± 0.01 · 20-yard split 2.65 s ± 0.01' ('' when the lines were not visible). */
  splits: z.string(),
  date: z.string().nullable(),
  season: z.number(),
  /** The public receipt page; null where the profile has no public path (a coach's view). */
  receiptPath: z.string().nullable(),
});

/**
 * The best result of each kind whose evidence is in kind_receipts (decision 243), as the public page and
 * the coach's profile show it: '26.4 in ± 0.3, verified vertical, video 240 fps'.
 */
const kindResultSchema = z.object({
  kind: z.string(),
  label: z.string(),
  text: z.string(),
  method: z.string(),
  date: z.string().nullable(),
  season: z.number(),
  /** The public receipt page; null where the profile has no public path (a coach's view). */
  receiptPath: z.string().nullable(),
  /** The kind's own facts in words, when its module gives some ('10-yard split 1.60 s ± 0.01', decision 269). */
  detail: z.string().optional(),
});

/** Everything the public page shows; built field by field from what the family chose (never from the player row as a whole). */
export const publicProfileSchema = z.object({
  name: z.string(),
  photoUrl: z.string().nullable(),
  classYear: z.number().nullable(),
  positions: z.array(z.string()).nullable(),
  /** The school with its town and state: 'Allen High School, Allen, TX' (issue 52 item 6). */
  school: z.string().nullable(),
  level: z.string().nullable(),
  height: z.string().nullable(),
  weight: z.number().nullable(),
  maxSpeed: speedSchema.nullable(),
  forty: fortySchema.nullable(),
  /** One per kind with a shown result from kind_receipts, in the registry's order. */
  kindResults: z.array(kindResultSchema),
  iga: z
    .object({
      score: z.number(),
      date: z.string().nullable(),
      season: z.number(),
      position: z.string().nullable(),
      submetrics: z.array(z.object({ name: z.string(), value: z.number(), unit: z.string().nullable() })),
    })
    .nullable(),
  percentiles: z.array(percentileSchema),
  hudlUrl: z.string().nullable(),
  academics: z
    .object({ gpa: z.number().nullable(), sat: z.number().nullable(), act: z.number().nullable() })
    .nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
