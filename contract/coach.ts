import { z } from 'zod';
import { searchKinds } from './analysis-kinds';
import { COACH_DIVISIONS } from './coach-calendar';
import { LEVELS } from './constants';
import { errorBodySchema } from './errors';
import { publicProfileSchema } from './sharing';

/** The texts the specification fixes (issue 29). */
export const COACH_SWITCH_LABEL = 'Let verified college coaches find this player';
export const COACH_SWITCH_NEEDS_NUMBER =
  'Coaches find players by verified numbers: this player shows up once a Max Speed or IGA score is verified.';
export const GUARDIAN_CONFIRM_LABEL = 'I am the parent or legal guardian of this player';
export const GUARDIAN_REQUIRED = 'For a player under 18, confirm that you are the parent or guardian';
export { COACH_APPLY_LINK } from './coach-texts';
export const COACH_AWAITING = 'Your coach account is waiting for an admin to approve it.';
export const COACH_SUSPENDED = 'This coach account is suspended.';
export const COACH_DECLINED = 'This coach application was declined.';
/** What the 'email verified' page says to a coach (decision 238): only an admin or a curated domain approves. */
export const COACH_VERIFIED_ADMIN =
  'Email verified. An admin will check your coach application and approve it; we will email you when it is approved. You can log in meanwhile.';
export const COACH_VERIFIED_DOMAIN =
  'Email verified. Your address is at an athletics domain an admin set for your college: log in to open the coach search. If the domain has been removed since, an admin will approve your account.';
export const CONNECT_MESSAGE_MAX = 2000;
export const CONNECT_DAILY_LIMIT = 20;
export const CONNECT_REPEAT_DAYS = 30;
export const CONNECT_TOO_SOON = 'You asked this family less than 30 days ago. Please wait for their answer.';
export const CONNECT_DAILY_REACHED = 'You have sent 20 requests today. Please try again tomorrow.';
export const COACH_SEARCH_PAGE = 25;

/**
 * A required text, trimmed, at most `max` characters (a saved search's name here; the forms a coach
 * applicant, an admin or a family sends, in coach-forms.ts, decision 234, which this module does not import).
 */
export const required = (msg: string, max = 200) => z.string({ error: msg }).trim().min(1, msg).max(max);

export const APPLICATION_STATUSES = ['verify-email', 'awaiting-admin'] as const;
export const coachApplicationAnswerSchema = z.object({
  id: z.number(),
  status: z.enum(APPLICATION_STATUSES),
});

export const COACH_STATUSES = ['approved', 'awaiting-admin', 'declined', 'suspended'] as const;
export type CoachStatus = (typeof COACH_STATUSES)[number];

export const divisionSchema = z.enum(COACH_DIVISIONS, {
  error: 'Division must be NCAA D1, NCAA D2, NCAA D3, NAIA or JUCO',
});

/** An application as the admin sees it in User Management: what was checked, for the admin to confirm. */
export const adminCoachApplicationSchema = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
  /** The email's host, the domain the admin checks. */
  emailDomain: z.string(),
  emailVerified: z.boolean(),
  college: z.string(),
  collegeWebsite: z.string().nullable(),
  /** Null for a coach approved before divisions were asked: treated as NCAA D1 until an admin sets it. */
  division: divisionSchema.nullable(),
  /** The email was at an athletics domain an admin curated for the college when the coach applied. */
  domainMatched: z.boolean(),
  /** The email is at one of the college's curated athletics domains today (decision 238). */
  domainMatchesNow: z.boolean(),
  /**
   * A hint only: the email's host is the college's website host or under it, which students and alumni
   * share with the coaches (decision 238). Never an approval.
   */
  websiteDomainMatch: z.boolean(),
  /** The athletics domain that approved this coach; null when an admin did (or nobody yet). */
  approvedByDomain: z.string().nullable(),
  status: z.enum(COACH_STATUSES),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminCoachApplication = z.infer<typeof adminCoachApplicationSchema>;

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const userIdParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

export const coachStandingSchema = z.object({ id: z.number(), status: z.enum(COACH_STATUSES) });
/** An admin sets a coach's division (a coach approved before divisions were asked has none). */
export const coachDivisionSchema = z.object({ division: divisionSchema });
export const coachDivisionAnswerSchema = z.object({ id: z.number(), division: divisionSchema });

export const discoverySchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  guardianConfirmed: z.boolean().optional().default(false),
});
export const discoveryAnswerSchema = z.object({ enabled: z.boolean() });

export const coachViewSchema = z.object({ college: z.string(), viewedAt: z.string() });

const optionalInt = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .optional();
const optionalNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .optional();

/**
 * The sorts: the search's own, then one per kind read from `coach_search_results` (its key, decision 243),
 * before class and recent.
 */
const OWN_SORT_LABELS = {
  speed: 'Max Speed',
  iga: 'IGA',
  class: 'Class',
  recent: 'Recently verified',
} as const;
export type CoachSort = string;
export const COACH_SORT_LABELS: Record<CoachSort, string> = {
  speed: OWN_SORT_LABELS.speed,
  iga: OWN_SORT_LABELS.iga,
  ...Object.fromEntries(searchKinds().map((k) => [k.key, k.search.sortLabel])),
  class: OWN_SORT_LABELS.class,
  recent: OWN_SORT_LABELS.recent,
};
export const COACH_SORTS: CoachSort[] = Object.keys(COACH_SORT_LABELS);
/** Read at each call: a kind registered later (a test's) sorts by its key too. */
const coachSorts = () => [...new Set([...COACH_SORTS, ...searchKinds().map((k) => k.key)])];
const sortError = () => {
  const sorts = coachSorts();
  return `Sort must be ${sorts.slice(0, -1).join(', ')} or ${sorts.at(-1)}`;
};

/** Each kind's filter, named by its registry entry's `search.filter`. */
const kindFilters = Object.fromEntries(
  searchKinds().map((k) => [
    k.search.filter,
    optionalNumber(k.search.filterLabel, k.search.filterRange[0], k.search.filterRange[1]),
  ]),
);

const ownQuerySchema = z.object({
  position: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,4}$/, 'Position is invalid')
    .optional(),
  level: z.enum(LEVELS, { error: 'Level must be High School or College' }).optional(),
  classFrom: optionalInt('Class from', 2000, 2100),
  classTo: optionalInt('Class to', 2000, 2100),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'State must be a two-letter code')
    .optional(),
  school: z.string().trim().max(100, 'School must be at most 100 characters').optional(),
  minSpeedMph: optionalNumber('Max Speed', 0, 40),
  minIga: optionalNumber('IGA', 0, 100),
  /**
   * Typed here for the screens that still name it; the schema's is the 40's entry's `search.filter`
   * (decision 269), the same bound (none is under 4.0 s, decision 209).
   */
  maxFortySeconds: optionalNumber('40 at most', 4, 10),
  measuredWithinMonths: optionalInt('Measured within', 1, 120),
  sort: z
    .string({ error: sortError })
    .refine((v) => coachSorts().includes(v), { error: sortError })
    .default('speed')
    .meta({ description: `${COACH_SORTS.join(', ')} (a kind with a search column sorts by its key)` }),
  cursor: z
    .string()
    .max(200, 'Cursor is invalid')
    .regex(/^[A-Za-z0-9_-]*$/, 'Cursor is invalid')
    .optional(),
});
// The kinds' filters are in the schema's shape (validated, documented); code reads them by their entry's name.
export const coachSearchQuerySchema = ownQuerySchema.extend(kindFilters) as unknown as typeof ownQuerySchema;
export type CoachSearchQuery = z.output<typeof ownQuerySchema> & Record<string, unknown>;
export type CoachSearchFilters = Omit<z.input<typeof coachSearchQuerySchema>, 'cursor'>;

const ownItemSchema = z.object({
  playerId: z.number(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  classYear: z.number().nullable(),
  position: z.string().nullable(),
  school: z.string().nullable(),
  state: z.string().nullable(),
  maxSpeed: z
    .object({ mph: z.number(), plusMinusMph: z.number().nullable(), receiptUrl: z.string() })
    .nullable(),
  iga: z.object({ score: z.number(), receiptUrl: z.string() }).nullable(),
  percentile: z.object({ value: z.number(), group: z.string(), n: z.number() }).nullable(),
  /** For a D1 or D2 coach, the day ('YYYY-MM-DD') contact with this player opens; null when open now. */
  contactOpensOn: z.string().nullable(),
  /**
   * Every kind's best result kept in coach_search_results (decision 243), by the kind's key: what a
   * screen that loops over the kinds reads (a kind's own column, named by its entry, is the same value).
   */
  kindResults: z
    .record(
      z.string(),
      z.object({
        value: z.number(),
        plusMinus: z.number(),
        requestId: z.number(),
        /** The coach's receipt page of this result (as `maxSpeed.receiptUrl`). */
        receiptUrl: z.string(),
      }),
    )
    .optional(),
});

/**
 * A kind's best result in a search row: `{ <valueField>, <plusMinusField>, requestId }`, or with the
 * coach's receipt link (`receiptUrl`) where the entry says so.
 * Read its value fields here; its link from `kindResults` (the same request).
 */
export type KindSearchResult = Record<string, number>;
const kindColumns = Object.fromEntries(
  searchKinds().map((k) => [
    k.search.field,
    z
      .object({
        [k.search.valueField]: z.number(),
        [k.search.plusMinusField]: z.number(),
        ...(k.search.link === 'receiptUrl' ? { receiptUrl: z.string() } : { requestId: z.number() }),
      })
      .nullable()
      .describe(`The best verified ${k.label} the family shows, with its bound and request (decision 243)`),
  ]),
);
export const coachSearchItemSchema = ownItemSchema.extend(kindColumns) as unknown as typeof ownItemSchema;
/**
 * A search row; a kind's column (its entry's `search.field`) is read with `kindSearchResult`. The 40's column is typed
 * for the screens that still name it; the schema's is its entry's (decision 269), the same shape.
 */
export type CoachSearchItem = z.infer<typeof ownItemSchema> & {
  forty?: { seconds: number; plusMinusSeconds: number; receiptUrl: string } | null;
};
export const kindSearchResult = (item: CoachSearchItem, field: string) =>
  ((item as Record<string, unknown>)[field] ?? null) as KindSearchResult | null;
export const coachSearchAnswerSchema = z.object({
  items: z.array(coachSearchItemSchema),
  nextCursor: z.string().nullable(),
});

/** The positions a coach filters on: the key the search takes and the name it shows. */
export const coachPositionSchema = z.object({ key: z.string(), name: z.string() });

export const playerIdOnly = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const receiptParams = playerIdOnly.extend({
  requestId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The public profile's content (decision 111), with receipts a coach can open, and the coach's own state. */
export const coachProfileSchema = publicProfileSchema.extend({
  playerId: z.number(),
  igaReceiptUrl: z.string().nullable(),
  watched: z.boolean(),
  connection: z.enum(['pending', 'accepted', 'declined']).nullable(),
  /** For a D1 or D2 coach, the day ('YYYY-MM-DD') contact with this player opens; null when open now. */
  contactOpensOn: z.string().nullable(),
});
export type CoachProfile = z.infer<typeof coachProfileSchema>;

export const watchInputSchema = z.object({
  playerId: z.coerce.number().int().positive().max(2_147_483_647),
  note: z.string().trim().max(2000, 'A note is at most 2,000 characters').optional().default(''),
});
export const watchItemSchema = z.object({
  playerId: z.number(),
  name: z.string(),
  classYear: z.number().nullable(),
  school: z.string().nullable(),
  note: z.string(),
  addedAt: z.string(),
  /** A verified number newer than when the coach added the player (or last opened the list). */
  newVerifiedNumber: z.boolean(),
  maxSpeedMph: z.number().nullable(),
  igaScore: z.number().nullable(),
  /** Each kind's best the family shows, from coach_search_results, in the registry's order (decision 263). */
  kindResults: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      text: z.string(),
      /** The coach's receipt page of this result (decision 269). */
      receiptUrl: z.string().optional(),
    }),
  ),
});
export type WatchItem = z.infer<typeof watchItemSchema>;

export const connectSchema = z.object({
  message: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(CONNECT_MESSAGE_MAX, 'A message is at most 2,000 characters'),
});
export const CONNECTION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export const connectionSchema = z.object({
  playerId: z.number(),
  name: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  /** Only once the family accepted: the address they chose to give. */
  contactEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;
/** The connect answer's errors: CONTACT_NOT_OPEN (409) also says the day contact opens ('YYYY-MM-DD'). */
export const connectErrorSchema = errorBodySchema.extend({ contactOpensOn: z.string().optional() });
export const connectAnswerSchema = z.object({ id: z.number(), status: z.enum(CONNECTION_STATUSES) });

export const coachMessageSchema = z.object({
  id: z.number(),
  playerId: z.number(),
  playerName: z.string(),
  coach: z.object({ name: z.string(), title: z.string(), college: z.string() }),
  message: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  contactEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type CoachMessage = z.infer<typeof coachMessageSchema>;

export const coachLogSchema = z.object({
  views: z.array(
    z.object({ coachName: z.string(), coachEmail: z.string(), college: z.string(), viewedAt: z.string() }),
  ),
  contacts: z.array(
    z.object({
      coachName: z.string(),
      coachEmail: z.string(),
      college: z.string(),
      message: z.string(),
      status: z.enum(CONNECTION_STATUSES),
      createdAt: z.string(),
      answeredAt: z.string().nullable(),
    }),
  ),
});

export const savedSearchInputSchema = z.object({
  name: required('Name the search', 100),
  filters: coachSearchQuerySchema.omit({ cursor: true }),
});
export const savedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  filters: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
/** How many searches one coach may keep (each is one query a week). */
export const SAVED_SEARCH_MAX = 20;
export const SAVED_SEARCH_FULL = 'You have 20 saved searches. Delete one to save another.';
export const SAVE_SEARCH_BUTTON = 'Save this search';
/** Players listed per saved search in the weekly mail; the rest behind the search's link. */
export const WEEKLY_MAIL_LIST_MAX = 10;
export const unsubscribeSchema = z.object({
  token: z
    .string({ error: 'The unsubscribe link is incomplete' })
    .regex(/^\d{1,10}\.[A-Za-z0-9_-]{43}$/, 'The unsubscribe link is incomplete'),
});
export const unsubscribeAnswerSchema = z.object({ unsubscribed: z.literal(true) });
export const UNSUBSCRIBED_TEXT = 'You will get no more weekly saved-search emails.';
