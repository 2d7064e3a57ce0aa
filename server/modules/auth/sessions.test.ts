import { tmpdir } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { plans, sessions, subscriptions, users } from '../../db/schema';
import { watchStatements } from '../../db/statement-log';
import { loadEnv } from '../../env';
import { SESSION_COOKIE } from '../../plugins/session';
import { dbStore } from './auth.repository';
import {
  as,
  cookieFrom,
  createTestApp,
  createUser,
  freshDb,
  isRealPostgres,
  otherConnection,
  type TestApp,
  setBalances,
  writesSettled,
} from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The Set-Cookie line that carries the session (not the one clearing an old cookie). */
const setCookieOf = (res: { headers: Record<string, unknown> }) => {
  const set = res.headers['set-cookie'];
  const all = (Array.isArray(set) ? set : [set]).map(String);
  return all.filter((c) => !c.startsWith(`${SESSION_COOKIE}=;`)).at(-1) ?? '';
};
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

describe('sessions', () => {
  it('the session cookie is HttpOnly and SameSite=Lax, lives 14 days, and is not Secure outside production', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.email, password: u.password },
    });
    const cookie = setCookieOf(res);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE.replace('.', '\\.')}=`));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    const expires = Date.parse(/; Expires=([^;]+)/.exec(cookie)![1]);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(14);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('nobody gets a cookie before logging in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('the session id changes at login and the old one stops working', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: u.cookie },
      payload: { username: u.email, password: u.password },
    });
    const fresh = cookieFrom(res);
    expect(fresh).not.toBe(u.cookie);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('logout destroys the session on the server, so a copied cookie is useless', async () => {
    const u = await createUser(t);
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(before).toHaveLength(1);
    const out = await as(t, u, { method: 'POST', url: '/api/logout' });
    expect(out.json()).toEqual({ message: 'Logged out successfully' });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('a request that loaded the session before logout cannot bring it back when it saves', async () => {
    const u = await createUser(t);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    const store = dbStore(t.db);
    const call = <T>(fn: (cb: (err?: unknown, v?: T) => void) => void) =>
      new Promise<T | undefined>((ok, fail) => fn((err, v) => (err ? fail(err) : ok(v))));
    await as(t, u, { method: 'POST', url: '/api/logout' });
    // The in-flight request finishes after the logout and saves the session it had loaded.
    await call((cb) => store.set(row.sid, row.data, cb));
    expect(await call((cb) => store.get(row.sid, cb))).toBeNull();
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('a session idle for 14 days has expired; activity pushes the expiry forward', async () => {
    const u = await createUser(t);
    const day = 24 * 60 * 60 * 1000;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + day) })
      .where(eq(sessions.userId, u.id));
    expect((await me(u.cookie)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13.9 * day);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 14 * day);

    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, u.id));
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('a signed-in read writes nothing: the row keeps its expiry and no cookie is sent again', async () => {
    const u = await createUser(t);
    const [before] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    for (let i = 0; i < 3; i++) {
      const res = await me(u.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const [after] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
    expect(after.data).toEqual(before.data);
  });

  it('once the expiry is more than an hour behind, a request pushes it to 14 days and sends the cookie again', async () => {
    const u = await createUser(t);
    const day = 24 * 60 * 60 * 1000;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 14 * day - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, u.id));
    const res = await me(u.cookie);
    expect(res.statusCode).toBe(200);
    const cookie = setCookieOf(res);
    expect(cookie.split(';')[0]).toBe(u.cookie);
    expect(Math.round((Date.parse(/; Expires=([^;]+)/.exec(cookie)![1]) - Date.now()) / 60_000)).toBe(
      14 * 24 * 60,
    );
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 14 * day - 60_000);
  });

  it('the signed-in user is read fresh with the session on every request', async () => {
    const u = await createUser(t, { credits: 1 });
    expect((await me(u.cookie)).json().credits).toBe(1);
    await setBalances(t, u.id, { credits: 7 });
    await t.db.update(users).set({ role: 'analyst' }).where(eq(users.id, u.id));
    expect((await me(u.cookie)).json()).toMatchObject({ credits: 7, role: 'analyst' });
  });

  it('a cookie with a forged signature reads as signed out', async () => {
    const u = await createUser(t);
    const [name, value] = u.cookie.split('=');
    const forged = `${name}=${value.slice(0, value.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(u.cookie)).statusCode).toBe(200);
    // Once the real cookie has been checked (and its id kept), a forgery of it is still refused.
    expect((await me(forged)).statusCode).toBe(401);
    const flipped = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    expect((await me(flipped)).statusCode).toBe(401);
    expect((await me(u.cookie)).statusCode).toBe(200);
  });

  it('GET /api/user answers only the public fields', async () => {
    const u = await createUser(t, { credits: 3, igaCredits: 2 });
    const res = await as(t, u, { method: 'GET', url: '/api/user' });
    expect(Object.keys(res.json()).sort()).toEqual([
      'createdAt',
      'credits',
      'email',
      'firstLoginAt',
      'firstName',
      'hasActiveSubscription',
      'id',
      'igaCredits',
      'isEmailVerified',
      'lastLoginAt',
      'lastName',
      'loginCount',
      'pendingEmail',
      'plan',
      'role',
      'stripeCustomerId',
      'subscription',
      'username',
    ]);
    expect(res.json()).toMatchObject({ credits: 3, igaCredits: 2, role: 'user', plan: null });
  });

  it('GET /api/user names the current plan, read with the session in one statement (decision 184)', async () => {
    const u = await createUser(t);
    const [plan] = await t.db.select().from(plans).limit(1);
    await t.db.insert(subscriptions).values({ userId: u.id, planId: plan.id, status: 'active' });
    const res = await as(t, u, { method: 'GET', url: '/api/user' });
    expect(res.json()).toMatchObject({
      plan: { name: plan.name },
      subscription: { name: `${plan.name} Subscription` },
    });
    await t.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, u.id));
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).json()).toMatchObject({
      plan: null,
      subscription: null,
    });
    const pool = t.app.dbHandle.pool;
    if (!pool) return; // PGlite has no pool to count on; the PostgreSQL pass counts
    // The setup's own writes are heard back as notifications; once they all have arrived, nothing moves
    // the clock in this test but the tick below.
    await writesSettled(t.app.dbHandle);
    const texts: string[] = [];
    const stop = watchStatements(pool, (text) => texts.push(text));
    try {
      // As after any write the database tells this process of, the session is read afresh (decision 215).
      t.app.dbHandle.writes.tick();
      expect((await as(t, u, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(/from "sessions"/);
      // Then, with no write since, it is served from memory: no statement at all.
      expect((await as(t, u, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ plan: null });
      expect(texts).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('login counts logins and keeps the first and last login times', async () => {
    const u = await createUser(t);
    const first = (await me(u.cookie)).json();
    expect(first.loginCount).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.email.toUpperCase(), password: u.password },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().loginCount).toBe(2);
    expect(again.json().firstLoginAt).toBe(first.firstLoginAt);
    expect(Date.parse(again.json().lastLoginAt)).toBeGreaterThan(Date.parse(first.lastLoginAt));
  });
});

describe('sessions across instances and in production', () => {
  it('two app instances on one database share sessions: log in on one, use and end it on the other', async () => {
    const handle = await freshDb();
    const env = loadEnv({
      NODE_ENV: 'test',
      DATABASE_URL: 'memory://',
      DATA_DIR: tmpdir(),
      LOG_LEVEL: 'silent',
      DISABLE_RATE_LIMIT: 'true',
      SESSION_SECRET: 'one-secret-shared-by-every-instance-0123456789',
    });
    // Each instance closes "its" database on shutdown; the shared handle is closed once, at the end.
    const borrowed = { ...handle, close: async () => {} };
    const a = await buildApp(env, { db: borrowed, logger: false });
    const b = await buildApp(env, { db: borrowed, logger: false });
    try {
      const shared: TestApp = { app: a, db: handle.db, env, dataDir: tmpdir(), close: async () => {} };
      const u = await createUser(shared);
      const onB = await b.inject({ method: 'GET', url: '/api/user', headers: { cookie: u.cookie } });
      expect(onB.statusCode).toBe(200);
      expect(onB.json().email).toBe(u.email);
      await b.inject({ method: 'POST', url: '/api/logout', headers: { cookie: u.cookie } });
      expect(
        (await a.inject({ method: 'GET', url: '/api/user', headers: { cookie: u.cookie } })).statusCode,
      ).toBe(401);
    } finally {
      await a.close();
      await b.close();
      await handle.close();
    }
  });

  it.runIf(isRealPostgres())(
    "a session kept in memory follows another process's change at once: a role, a balance, a sign-out (decision 215)",
    async () => {
      const u = await createUser(t, { credits: 1 });
      // Read twice: the second answer came from memory.
      expect((await me(u.cookie)).json()).toMatchObject({ role: 'user', credits: 1 });
      expect((await me(u.cookie)).json()).toMatchObject({ role: 'user', credits: 1 });
      const other = await otherConnection(t.app.dbHandle);
      const soon = async (check: (res: Awaited<ReturnType<typeof me>>) => boolean) => {
        const end = Date.now() + 2000;
        for (;;) {
          const res = await me(u.cookie);
          if (check(res) || Date.now() > end) return res;
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      try {
        await other.query(
          `update users set role = 'analyst', credit_balances = '{"max_speed": 9}' where id = $1`,
          [u.id],
        );
        expect((await soon((r) => r.json().role === 'analyst')).json()).toMatchObject({
          role: 'analyst',
          credits: 9,
        });
        await other.query(
          `update sessions set data = '{"revoked": true}', user_id = null where user_id = $1`,
          [u.id],
        );
        expect((await soon((r) => r.statusCode === 401)).statusCode).toBe(401);
      } finally {
        await other.end();
      }
    },
  );

  it('in production the cookie is Secure (behind a TLS proxy) and strict headers are sent', async () => {
    const p = await createTestApp({
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: 'true',
      TRUST_PROXY: 'true',
      SESSION_SECRET: 'p'.repeat(48),
    });
    try {
      const u = await createUser(p);
      const res = await p.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: u.email, password: u.password },
      });
      expect(res.statusCode).toBe(200);
      expect(setCookieOf(res)).toMatch(/; Secure/i);
      expect(setCookieOf(res)).toMatch(/; HttpOnly/i);
      expect(res.headers['strict-transport-security']).toBeDefined();
      const plainHttp = await p.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: u.email, password: u.password },
      });
      expect(setCookieOf(plainHttp)).toMatch(/; Secure/i);
    } finally {
      await p.close();
    }
  });
});
