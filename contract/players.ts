import { z } from 'zod';
import { ID_MAX, ID_OUT_OF_RANGE, US_STATE_CODES } from './constants';

/** Schools are also in DC and the territories the directory holds. */
export const SCHOOL_STATE_CODES = [...US_STATE_CODES, 'DC', 'PR', 'GU', 'AS', 'VI'] as [string, ...string[]];

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const HEIGHT_FEET_MAX = 8;
export const WEIGHT_MIN = 50;
export const WEIGHT_MAX = 500;
export const GRAD_YEAR_MIN = 2000;
export const GRAD_YEAR_MAX = 2100;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** One limit, stated in MB everywhere (hint, messages): 5 MB = 5242880 bytes. */
export const PHOTO_MAX_MB = PHOTO_MAX_BYTES / (1024 * 1024);
export const PHOTO_TOO_LARGE = `Image must be less than ${PHOTO_MAX_MB}MB`;
export const PHOTO_NOT_IMAGE = 'Please upload an image file (JPG, PNG, etc.)';
export const PHOTO_UPLOAD_AGAIN = 'Please upload the photo again';
/**
 * One of our photos, as an answer gives it: '/files/photos/<id>.webp' with its expiring signature
 * (decision 197). The server keeps the path and checks the signature of any photo that is not the
 * player's current one.
 */
export const PHOTO_URL_RE =
  /^\/files\/(photos\/[A-Za-z0-9-]+\.webp)(?:\?expires=(\d{1,12})&sig=([A-Za-z0-9_-]{1,100}))?$/;

/** The latest birth date the form allows: Dec 31 of the year ten years ago (year-based). */
export const latestBirthDate = (now = new Date()) => `${now.getFullYear() - 10}-12-31`;

/** The add and edit forms refuse a secondary position equal to the primary one, with these words. */
export const SAME_POSITION = 'Secondary position must differ from the primary position';

/**
 * Form values -> the API body; heightFeet, weightPounds and xHandle also travel, as the specification shows.
 * A plain function, apart from the form schemas (`players-forms.ts`), so the hooks that send it load no zod.
 */
export function toPlayerBody<
  V extends { heightFeet: number; heightInches: number; weightPounds: number; xHandle: string },
>(v: V) {
  return {
    ...v,
    heightInches: v.heightFeet * 12 + v.heightInches,
    weight: v.weightPounds,
    twitterHandle: v.xHandle,
  };
}

export const playerIdParams = z.object({
  id: z.coerce.number().int().positive().max(ID_MAX, ID_OUT_OF_RANGE),
});

/** Visible to anyone allowed to read the player. */
const publicPlayerSchema = z.object({
  id: z.number(),
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  primaryPositionId: z.number(),
  secondaryPositionId: z.number().nullable(),
  level: z.string(),
  school: z.string(),
  schoolCity: z.string().nullable(),
  schoolState: z.string().nullable(),
  /** False for a school typed under 'My school is not listed': not found in the school directory. */
  schoolVerified: z.boolean(),
  graduationYear: z.number(),
  gender: z.string().nullable(),
  photoUrl: z.string().nullable(),
  heightInches: z.number(),
  weight: z.number(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  county: z.string().nullable(),
  hudlUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  gpa: z.number().nullable(),
  satScore: z.number().nullable(),
  actScore: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A minor's birth date and contact details: only for the family (decision 197). */
export const PRIVATE_PLAYER_FIELDS = [
  'dateOfBirth',
  'addressLine1',
  'addressLine2',
  'zipCode',
  'email',
  'phone',
  'phoneCountryCode',
] as const;

export const playerSchema = publicPlayerSchema.extend({
  dateOfBirth: z.string().nullable().optional(),
  addressLine1: z.string().nullable().optional(),
  addressLine2: z.string().nullable().optional(),
  zipCode: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  phoneCountryCode: z.string().nullable().optional(),
});
export type Player = z.infer<typeof playerSchema>;

export const positionSchema = z.object({
  id: z.number(),
  name: z.string(),
  key: z.string(),
  isActive: z.boolean(),
});
export type Position = z.infer<typeof positionSchema>;

export const uploadResponseSchema = z.object({ url: z.string() });

export const deletePlayerResultSchema = z.object({
  message: z.string(),
  /** Credits given back for requests that were still waiting for an analyst. */
  refunded: z.object({ credits: z.number(), igaCredits: z.number() }),
});
