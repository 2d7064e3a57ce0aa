import { z } from 'zod';
import { PAGE_SIZES } from './pagination';
import { cursorQuery, limitQuery } from './pagination-query';
import { ROLES } from './access';
import { PASSWORD_MIN, USERNAME_MIN } from './constants';

export const ROLE_LABELS = { user: 'User', analyst: 'Analyst', admin: 'Admin', coach: 'Coach' } as const;
/** The roles an admin gives in the user form; a coach comes only from an application (decision 211). */
export const ASSIGNABLE_ROLES = ['user', 'analyst', 'admin'] as const;

const email = z
  .string({ error: 'Please enter a valid email' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email'));
const username = z
  .string({ error: `Username must be at least ${USERNAME_MIN} characters` })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(255, 'Username must be at most 255 characters')
  // Sign-in asks for the username in an email field, so any other username could never sign in.
  .pipe(z.email('Username must be a valid email'));
const role = z.enum(ASSIGNABLE_ROLES, { error: 'Role must be user, analyst or admin' });
const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password must be at most 200 characters');

/** The dialog's form: the password is shown (and required) only when creating. */
export const adminUserFormSchema = z.object({ email, username, role, password: password.optional() });

export const adminCreateUserSchema = z.object({ email, username, role, password });
export type AdminCreateUserInput = z.output<typeof adminCreateUserSchema>;

export const adminUpdateUserSchema = z.object({
  id: z.number().int().positive().optional(),
  email,
  username,
  role,
});
export type AdminUpdateUserInput = z.output<typeof adminUpdateUserSchema>;

export const adminUserParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'User id must be a number')
    .transform(Number),
});
/** Filters and a keyset page (decision 063); without a limit the first 50 users by id. */
export const adminUsersQuerySchema = z.object({
  role: z.enum(ROLES, { error: 'Role must be user, analyst, admin or coach' }).optional(),
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  verified: z
    .enum(['true', 'false'], { error: "Verified must be 'true' or 'false'" })
    .transform((v) => v === 'true')
    .optional(),
  cursor: cursorQuery,
  limit: limitQuery(PAGE_SIZES.adminUsers.max, PAGE_SIZES.adminUsers.fallback),
});

/** The admin's view of a user: never a password, hash or token. */
export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isEmailVerified: z.boolean(),
  loginCount: z.number(),
  lastLoginAt: z.string().nullable(),
  firstLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

export const REPORTING_PERIODS = ['last24Hours', 'last7Days', 'last30Days', 'last90Days'] as const;
type ReportingPeriod = (typeof REPORTING_PERIODS)[number];
export const REPORTING_PERIOD_LABELS: Record<ReportingPeriod, string> = {
  last24Hours: '24 Hours',
  last7Days: '7 Days',
  last30Days: '30 Days',
  last90Days: '90 Days',
};

const periodCounts = z.object({
  last24Hours: z.number().int(),
  last7Days: z.number().int(),
  last30Days: z.number().int(),
  last90Days: z.number().int(),
});
export type PeriodCounts = z.infer<typeof periodCounts>;

const turnaroundShare = z.object({
  completed: z.number().int(),
  within72Hours: z.number().int(),
  /** within72Hours of completed, in percent with one decimal; null when none were completed. */
  share: z.number().nullable(),
});

export const FUNNEL_STEPS = ['registered', 'playerAdded', 'paid', 'requested', 'verified'] as const;
export const FUNNEL_STEP_LABELS: Record<(typeof FUNNEL_STEPS)[number], string> = {
  registered: 'Registered',
  playerAdded: 'Player added',
  paid: 'Paid',
  requested: 'Requested',
  verified: 'Verified',
};
const funnelSteps = z.object({
  registered: z.number().int(),
  playerAdded: z.number().int(),
  paid: z.number().int(),
  requested: z.number().int(),
  verified: z.number().int(),
});
export type FunnelSteps = z.infer<typeof funnelSteps>;

export const reportingMetricsSchema = z.object({
  newUsers: periodCounts,
  analystRequests: periodCounts,
  activeUsers: periodCounts,
  firstTimeLogins: periodCounts,
  totalLogins: z.number().int(),
  /** Mean age in hours of the requests still pending; null when none are. */
  averageRequestAge: z.number().nullable(),
  /** Money received per period (issue 52 item 8), cents: every paid plan invoice (renewals too) and package. */
  revenueCents: periodCounts.meta({
    description:
      'Money received in each period, in cents: every paid package checkout and plan invoice (renewals included); refunds are in the billing report',
  }),
  /** Sales of each plan and package per period: how many were paid and what they brought in. */
  sales: z
    .array(
      z.object({
        planId: z.number().int(),
        name: z.string(),
        type: z.enum(['subscription', 'one_time']),
        count: periodCounts,
        revenueCents: periodCounts,
      }),
    )
    .meta({
      description:
        'Each plan and package: how many were paid in each period (`count`) and their revenue in cents',
    }),
  /** Requests completed in each period, and how many of them within the 72 hours promised. */
  completedWithin72Hours: z
    .object({
      last24Hours: turnaroundShare,
      last7Days: turnaroundShare,
      last30Days: turnaroundShare,
      last90Days: turnaroundShare,
    })
    .meta({
      description:
        'Requests completed in each period, how many of them within 72 hours of being asked for, and that share in percent (null when none were completed)',
    }),
  /**
   * Families who registered in each period, and how many of them then added a player, paid, requested an
   * analysis and got a verified result (so far).
   */
  funnel: z
    .object({
      last24Hours: funnelSteps,
      last7Days: funnelSteps,
      last30Days: funnelSteps,
      last90Days: funnelSteps,
    })
    .meta({
      description:
        'Families (role user) who registered in each period, and how many of them have since added a player, paid, requested an analysis and had a result verified',
    }),
});
export type ReportingMetrics = z.infer<typeof reportingMetricsSchema>;

export const SESSION_EXPIRED_TOAST = {
  title: 'Session Expired',
  description: 'Your session was manually expired. Click any navigation link to see the redirect.',
} as const;

/** `POST /api/admin/measurements/recheck` (issue 49, decision 241): the job that checks stored results again. */
export const recheckStartedSchema = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
});

/** `GET /api/admin/measurements/recheck/{id}`: how far the check is, and what it held for an analyst. */
export const recheckSchema = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  error: z.string().nullable(),
  /** Verified results checked, and those held for an analyst with the reasons (when done). */
  checked: z.number().nullable(),
  held: z.array(
    z.object({
      requestId: z.number(),
      /** The request's kind: its receipt screen is the kind's (decision 271). */
      kind: z.string().optional(),
      reasons: z.array(z.string()),
    }),
  ),
});
export type Recheck = z.infer<typeof recheckSchema>;
