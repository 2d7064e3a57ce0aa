import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?|memory):\/\//, 'must start with postgres://, postgresql:// or memory://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Verified Athlete <no-reply@verifiedathlete.local>'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'must look like sk_test_... or sk_live_...')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    DISABLE_RATE_LIMIT: bool.default(false),
    DISABLE_JOBS: bool.default(false),
    /**
     * How long a signed-in session with its user may be served from memory at most, in milliseconds (decision
     * 215; any write the database tells this process of ends it sooner). 0 reads it on every request: for a
     * database reached through a pooler that cannot LISTEN (PgBouncer in transaction mode).
     */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    /**
     * How long an answer of a hot read (the players list, a library page, the leaderboard, the analyst
     * queue, the coach search, a public profile's share row) may be served from memory at most, in
     * milliseconds (decision 216; any write to a watched table ends it sooner). 0 reads every time.
     */
    ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    /**
     * Job types this process leaves to others, comma-separated: web replicas set 'track' so that video
     * tracking (minutes of CPU) runs on the `worker` service of compose.yaml (decision 210).
     */
    SKIP_JOB_TYPES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    /** Largest accepted video upload in bytes (2 GB); tests lower it to exercise the 413. */
    VIDEO_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 1024 * 1024 * 1024),
    /** Video storage of a family without a subscription plan (bytes, 2 GB); a plan's videoStorageLimit (GB) raises it (decision 131). */
    VIDEO_STORAGE_BASE_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(2 * 1024 * 1024 * 1024),
    /** An upload whose body sends nothing for this long is ended with 408 (a stalled client). */
    UPLOAD_IDLE_SECONDS: z.coerce.number().int().min(1).default(60),
    WEB_DIST_DIR: z.string().optional(),
    PGLITE_TEMPLATE_DIR: z.string().optional(),
    /** Test-only: exposes GET /api/dev/outbox so browser tests can follow emailed links. Never in production. */
    EXPOSE_DEV_OUTBOX: bool.default(false),
    /** Lets production run the built-in test-mode payment provider (a staging site); never for real money. */
    ALLOW_TEST_PAYMENTS: bool.default(false),
    VITE_GA_MEASUREMENT_ID: z.string().optional(),
    /** Shown to families on Payment details and in billing messages. */
    SUPPORT_EMAIL: z.email('must be an email address').default('support@verifiedathlete.local'),
    /** Retention (decision 062): days kept before the hourly purge removes them, in batches. */
    RETENTION_ANALYTICS_DAYS: z.coerce.number().int().min(1).default(395),
    RETENTION_MAIL_DAYS: z.coerce.number().int().min(1).default(30),
    RETENTION_SESSION_DAYS: z.coerce.number().int().min(1).default(7),
    RETENTION_JOB_DAYS: z.coerce.number().int().min(1).default(14),
    RETENTION_WEBHOOK_EVENT_DAYS: z.coerce
      .number()
      .int()
      .min(30, 'must be at least 30 (Stripe retries for 3 days)')
      .default(90),
    /** Days an unreadable video stays (the family is told at once) before its file and row are removed (decision 132). */
    RETENTION_UNREADABLE_VIDEO_DAYS: z.coerce.number().int().min(1).default(30),
    RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  })
  .superRefine((v, ctx) => {
    if (v.NODE_ENV === 'production' && v.EXPOSE_DEV_OUTBOX) {
      ctx.addIssue({ code: 'custom', path: ['EXPOSE_DEV_OUTBOX'], message: 'must not be set in production' });
    }
    // Without a Stripe key the built-in test provider accepts test cards: free credits on a live site.
    if (v.NODE_ENV === 'production' && !v.STRIPE_SECRET_KEY && !v.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required in production (or set ALLOW_TEST_PAYMENTS=true for a staging site with test payments)',
      });
    }
    if (v.STRIPE_SECRET_KEY && !v.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY (the signing secret of the Stripe webhook endpoint)',
      });
    }
    if (v.NODE_ENV === 'production' && !v.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
  });

export type Env = z.output<typeof envSchema> & {
  APP_URL: string;
  SESSION_SECRET: string;
  SEED_DEMO: boolean;
  STRIPE_WEBHOOK_SECRET: string;
  isProduction: boolean;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** A secret kept in DATA_DIR so development restarts keep sessions and webhook signatures valid. */
function persistedSecret(dataDir: string, file: string, make: () => string) {
  const p = path.resolve(dataDir, file);
  if (existsSync(p)) return readFileSync(p, 'utf8').trim();
  mkdirSync(path.dirname(p), { recursive: true });
  const value = make();
  writeFileSync(p, value, { mode: 0o600 });
  return value;
}

/**
 * Whether the tests' check of kept reads is on (`CHECK_KEPT_READS`, set by the test runner for the whole
 * process, decision 225): a switch of the test run, not configuration, so not in `Env`.
 */
export const checkingKeptReads = () => Boolean(process.env.CHECK_KEPT_READS);

/**
 * The folder generated clips are kept in by recipe (`VA_CLIP_CACHE`, set by the test projects and the browser
 * tests' setup, decision 340), or null: a switch of the test run, not configuration, so not in `Env`.
 */
export const clipCacheDir = () => process.env.VA_CLIP_CACHE || null;

/** With `checkingKeptReads` and `clipCacheDir`, the only reader of process.env. Every bad variable is named at once. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const v = parsed.data;
  const isProduction = v.NODE_ENV === 'production';
  const inMemory = v.DATABASE_URL?.startsWith('memory://') || v.NODE_ENV === 'test';
  const secret = (file: string, make: () => string) =>
    inMemory ? make() : persistedSecret(v.DATA_DIR, file, make);
  return {
    ...v,
    isProduction,
    APP_URL: (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/$/, ''),
    SESSION_SECRET: v.SESSION_SECRET ?? secret('session-secret', () => randomBytes(48).toString('hex')),
    STRIPE_WEBHOOK_SECRET:
      v.STRIPE_WEBHOOK_SECRET ?? secret('webhook-secret', () => `whsec_${randomBytes(24).toString('hex')}`),
    SEED_DEMO: v.SEED_DEMO ?? !isProduction,
  };
}
