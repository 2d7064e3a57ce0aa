import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_IDLE_DAYS } from '../../../contract/constants';
import type { Health, SessionDebug } from '../../../contract/diagnostics';
import type { WriteClock } from '../../db/write-clock';
import { queueDepth } from '../../lib/jobs';
import { SESSION_COOKIE } from '../../plugins/session';

let version: string | undefined;
function appVersion() {
  version ??= (
    JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return version;
}

const cookieSettings = (app: FastifyInstance) => ({
  secure: app.env.isProduction,
  httpOnly: true,
  sameSite: 'lax',
  maxAge: SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
  path: '/',
});

/**
 * In production the cookie names, the session id's prefix and the session, cookie and CORS settings
 * are an admin's to see (decision 196): anyone else gets the same keys with neutral values. In
 * development everyone sees them, as before.
 */
const showsDetails = (app: FastifyInstance, req: FastifyRequest) =>
  !app.env.isProduction || req.user?.role === 'admin';

const NEUTRAL_COOKIE = { secure: false, httpOnly: false, sameSite: '', maxAge: 0, path: '' };

/** True once the clock hears other processes, waiting at most `ms` for it. */
function heardWithin(clock: WriteClock, ms: number): Promise<boolean> {
  if (clock.heard) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(clock.heard);
    }, ms);
    const off = clock.onHeardChange((heard) => {
      if (!heard) return;
      clearTimeout(timer);
      off();
      resolve(true);
    });
  });
}

/**
 * Whether this instance hears the other instances' writes (decision 239). A listener that is waiting to
 * connect again is asked to try now, and given half a second: a database just back is not reported as
 * an instance that cannot hear. Unhealthy only while something is kept in memory (the caches are on).
 */
async function writesHeard(app: FastifyInstance) {
  const { listening, writes } = app.dbHandle;
  if (!listening) return { report: undefined, healthy: true };
  let heard = writes.heard;
  if (!heard) {
    listening.retryNow();
    heard = await heardWithin(writes, 500);
  }
  const kept = app.env.SESSION_CACHE_MS > 0 || app.env.ANSWER_CACHE_MS > 0;
  return {
    report: heard
      ? { heard, message: "Hearing the other instances' writes" }
      : {
          heard,
          message:
            "Not hearing the other instances' writes: every session and answer is read from the database",
        },
    healthy: heard || !kept,
  };
}

export async function health(app: FastifyInstance, req: FastifyRequest): Promise<Health> {
  let database = { connected: true, message: 'Connected' };
  try {
    await app.dbHandle.ping();
  } catch {
    database = { connected: false, message: 'Database unreachable' };
  }
  const writes = await writesHeard(app);
  // The queue's depth and its oldest job, for admins only (issue 50).
  const jobs =
    database.connected && req.user?.role === 'admin'
      ? await queueDepth(app.db).catch(() => undefined)
      : undefined;
  return {
    status: database.connected && writes.healthy ? 'ok' : 'error',
    version: appVersion(),
    environment: app.env.NODE_ENV,
    database,
    ...(writes.report ? { writes: writes.report } : {}),
    ...(jobs ? { jobs } : {}),
    ...(showsDetails(app, req)
      ? {
          // Same origin only: no CORS headers are sent; the Origin check refuses other sites' writes.
          corsSettings: {
            origin: app.env.APP_URL,
            methods: ['GET', 'POST', 'PUT', 'DELETE'],
            credentials: true,
          },
          session: {
            name: SESSION_COOKIE,
            secret: app.env.SESSION_SECRET ? 'set' : 'not set',
            trustProxy: app.env.TRUST_PROXY,
            cookie: cookieSettings(app),
          },
        }
      : {
          corsSettings: { origin: '', methods: [], credentials: false },
          session: { name: '', secret: 'set', trustProxy: false, cookie: NEUTRAL_COOKIE },
        }),
  };
}

/** Headers worth seeing when a cookie goes missing; never Cookie, Authorization or other credentials. */
const SHOWN_HEADERS = [
  'host',
  'origin',
  'referer',
  'user-agent',
  'accept',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-real-ip',
  'sec-fetch-site',
  'sec-fetch-mode',
];

export function sessionDebug(app: FastifyInstance, req: FastifyRequest): SessionDebug {
  const cookieNames = Object.keys(req.cookies ?? {});
  const present = cookieNames.includes(SESSION_COOKIE);
  const headers: Record<string, string> = {};
  for (const h of SHOWN_HEADERS) {
    const v = req.headers[h];
    if (v !== undefined) headers[h] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  const shown = showsDetails(app, req);
  const { secure, sameSite, httpOnly, maxAge } = shown ? cookieSettings(app) : NEUTRAL_COOKIE;
  return {
    authenticated: Boolean(req.user),
    sessionID: shown && present && req.session?.sessionId ? `${req.session.sessionId.slice(0, 8)}…` : null,
    cookiesReceived: cookieNames.length,
    hasCookies: cookieNames.length > 0,
    sessionCookiePresent: present,
    environment: app.env.NODE_ENV,
    cookieNames: shown ? cookieNames : [],
    sessionConfig: { name: shown ? SESSION_COOKIE : '', secure, sameSite, domain: null, httpOnly, maxAge },
    expressConfig: { trustProxy: shown && app.env.TRUST_PROXY, environment: app.env.NODE_ENV },
    headers,
  };
}
