import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { enqueueJob } from '../../lib/jobs';
import { as, createTestApp, createUser, isRealPostgres, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pkgVersion = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

describe('health', () => {
  it('reports the database, version, environment and session settings, the secret only as set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: pkgVersion,
      environment: 'test',
      database: { connected: true, message: 'Connected' },
      corsSettings: {
        origin: 'http://localhost:5000',
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        credentials: true,
      },
      session: {
        name: 'va.sid',
        secret: 'set',
        trustProxy: false,
        cookie: { secure: false, httpOnly: true, sameSite: 'lax', maxAge: 14 * 24 * 3600 * 1000, path: '/' },
      },
      // PostgreSQL: whether it hears the other instances' writes (decision 239); PGlite is one process.
      ...(isRealPostgres()
        ? { writes: { heard: true, message: "Hearing the other instances' writes" } }
        : {}),
    });
    expect(res.body).not.toContain(t.env.SESSION_SECRET);
  });

  it('an admin sees the job queue per lane, its depth and its oldest waiting job; nobody else does (issue 50)', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const family = await createUser(t);
    await enqueueJob(t.db, 'track', { userId: family.id });
    await enqueueJob(t.db, 'mail', { to: 'x@example.com' });
    const res = await as(t, admin, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const jobs = res.json().jobs;
    expect(jobs.long).toMatchObject({ queued: 1, running: 0 });
    expect(jobs.short.queued).toBeGreaterThanOrEqual(1);
    for (const lane of [jobs.long, jobs.short])
      expect(Date.now() - Date.parse(lane.oldestQueuedAt)).toBeLessThan(60_000);
    for (const who of [family, null])
      expect((await as(t, who, { method: 'GET', url: '/api/health' })).json().jobs).toBeUndefined();
  });

  it('answers 503 with status error when the database is unreachable', async () => {
    const ping = t.app.dbHandle.ping;
    t.app.dbHandle.ping = async () => {
      throw new Error('down');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'error',
        database: { connected: false, message: 'Database unreachable' },
      });
    } finally {
      t.app.dbHandle.ping = ping;
    }
  });
});

describe('session debug', () => {
  it('signed out: not authenticated, no session id, no cookies', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/session-debug',
      headers: { 'user-agent': 'probe' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      authenticated: false,
      sessionID: null,
      cookiesReceived: 0,
      hasCookies: false,
      sessionCookiePresent: false,
      environment: 'test',
      cookieNames: [],
      sessionConfig: { name: 'va.sid', secure: false, sameSite: 'lax', domain: null, httpOnly: true },
      expressConfig: { trustProxy: false, environment: 'test' },
      headers: { 'user-agent': 'probe' },
    });
  });

  it('signed in: authenticated, with cookie names and a shortened session id; never the cookie or the secret', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/session-debug',
      headers: { authorization: 'Bearer abc', cookie: `${u.cookie}; theme=dark` },
    });
    const body = res.json();
    expect(body).toMatchObject({
      authenticated: true,
      cookiesReceived: 2,
      hasCookies: true,
      sessionCookiePresent: true,
      cookieNames: ['va.sid', 'theme'],
    });
    expect(body.sessionID).toMatch(/^.{8}…$/);
    const cookieValue = u.cookie.split('=')[1];
    expect(res.body).not.toContain(cookieValue);
    expect(res.body).not.toContain(decodeURIComponent(cookieValue).split('.')[0]);
    expect(res.body).not.toContain('Bearer abc');
    expect(res.body).not.toContain(t.env.SESSION_SECRET);
    expect(body.headers).not.toHaveProperty('cookie');
  });

  it('is rate limited per address', async () => {
    const limited = await createTestApp({ DISABLE_RATE_LIMIT: 'false' });
    try {
      for (let i = 0; i < 30; i++)
        expect((await limited.app.inject({ method: 'GET', url: '/api/session-debug' })).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'GET', url: '/api/session-debug' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
