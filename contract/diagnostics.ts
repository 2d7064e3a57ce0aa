import { z } from 'zod';

const jobLaneSchema = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  oldestQueuedAt: z.string().nullable(),
});

export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  version: z.string(),
  environment: z.string(),
  database: z.object({ connected: z.boolean(), message: z.string() }),
  corsSettings: z.object({ origin: z.string(), methods: z.array(z.string()), credentials: z.boolean() }),
  session: z.object({
    name: z.string(),
    /** Only whether a secret is configured, never the secret. */
    secret: z.enum(['set', 'not set']),
    trustProxy: z.boolean(),
    cookie: z.object({
      secure: z.boolean(),
      httpOnly: z.boolean(),
      sameSite: z.string(),
      maxAge: z.number(),
      path: z.string(),
    }),
  }),
  /**
   * Whether this instance hears the other instances' writes (decision 239). While it does not, it serves
   * nothing from memory and the health check answers 503 with `status: 'error'`. Absent on the embedded
   * database (one process).
   */
  writes: z.object({ heard: z.boolean(), message: z.string() }).optional(),
  /** Admins only: the job queue, per lane (issue 50): what waits, what runs, and since when the oldest waits. */
  jobs: z
    .object({
      short: jobLaneSchema,
      long: jobLaneSchema,
    })
    .optional(),
  deploy: z
    .object({
      deploymentId: z.string().nullable(),
      revision: z.string().nullable(),
      timestamp: z.string().nullable(),
    })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;

export const sessionDebugSchema = z.object({
  authenticated: z.boolean(),
  /** A short prefix: the full id is a bearer credential the httpOnly cookie keeps from scripts. */
  sessionID: z.string().nullable(),
  cookiesReceived: z.number().int(),
  hasCookies: z.boolean(),
  sessionCookiePresent: z.boolean(),
  environment: z.string(),
  cookieNames: z.array(z.string()),
  sessionConfig: z.object({
    name: z.string(),
    secure: z.boolean(),
    sameSite: z.string(),
    domain: z.string().nullable(),
    httpOnly: z.boolean(),
    maxAge: z.number(),
  }),
  expressConfig: z.object({ trustProxy: z.boolean(), environment: z.string() }),
  /** Request headers that carry no credentials (never Cookie or Authorization). */
  headers: z.record(z.string(), z.string()),
});
export type SessionDebug = z.infer<typeof sessionDebugSchema>;
