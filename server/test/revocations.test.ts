import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDb, type DbHandle } from '../db/client';
import { loadEnv } from '../env';
import { applyCoach } from '../modules/coach/coach.fixtures';
import { completedSpeed, sharedPlayerFixture } from '../modules/sharing/sharing.fixtures';
import { as, createUser, freshDb, isRealPostgres, login, type TestApp, type TestUser } from './helpers';

/**
 * Decision 239: a revocation acknowledged by one instance is true on every other at once. Two instances of
 * the app on one PostgreSQL (as compose runs them behind a round-robin proxy): each round makes instance B
 * keep the state (it reads it twice), revokes it through instance A, and reads on B right after A's answer.
 * Before decision 239, B served the revoked state until A's notification arrived (issue 50, finding 3).
 * PostgreSQL only: the embedded PGlite is one process.
 */
const ROUNDS = 50;

async function instance(handle: DbHandle, dataDir: string): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    APP_URL: 'http://localhost:5000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DISABLE_RATE_LIMIT: 'true',
    DISABLE_JOBS: 'true',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_secret_for_tests',
    // The same on both, as every replica's must be.
    SESSION_SECRET: 'revocations-test-session-secret-of-32-chars-or-more',
  });
  const app = await buildApp(env, { db: handle, logger: false });
  await app.ready();
  return { app, db: handle.db, env, dataDir, close: () => app.close() };
}

describe.runIf(isRealPostgres())(
  'revocations hold on every instance once acknowledged (decision 239)',
  () => {
    let a: TestApp;
    let b: TestApp;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'va-revocations-'));

    beforeAll(async () => {
      const first = await freshDb();
      const second = await openDb({ databaseUrl: first.pool!.options.connectionString, dataDir: tmpdir() });
      a = await instance(first, dataDir);
      b = await instance(second, dataDir);
    }, 60_000);
    afterAll(async () => {
      // B first: A's handle drops the test's database.
      await b?.close();
      await a?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const onA = (
      u: TestUser | null,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => as(a, u, { method, url, ...(payload ? { payload } : {}) });
    const onB = (u: TestUser | null, url: string) => as(b, u, { method: 'GET', url });
    /** B reads twice, so that the second answer (and the session) is kept in its memory. */
    const keptOnB = async (u: TestUser | null, url: string, status = 200) => {
      for (let i = 0; i < 2; i++) expect((await onB(u, url)).statusCode, url).toBe(status);
    };

    it(`a sign-out on A: the cookie reads nothing on B (${ROUNDS} rounds)`, async () => {
      const family = await createUser(a);
      await sharedPlayerFixture(a, family);
      let stale = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const s = { ...family, cookie: await login(a, family.email, family.password) };
        await keptOnB(s, '/api/players');
        expect((await onA(s, 'POST', '/api/logout')).statusCode).toBe(200);
        if ((await onB(s, '/api/players')).statusCode !== 401) stale++;
      }
      expect(stale).toBe(0);
    }, 120_000);

    it(`a password changed on A ends the other sessions on B (${ROUNDS} rounds)`, async () => {
      const user = await createUser(a);
      let password = user.password;
      let stale = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const here = { ...user, cookie: await login(a, user.email, password) };
        const there = { ...user, cookie: await login(a, user.email, password) };
        await keptOnB(there, '/api/user');
        const next = `secret-${i}-changed`;
        const res = await onA(here, 'PUT', '/api/user/profile', {
          firstName: 'Test',
          lastName: 'User',
          username: user.email,
          email: user.email,
          password: next,
          currentPassword: password,
        });
        expect(res.statusCode, res.body).toBe(200);
        password = next;
        if ((await onB(there, '/api/user')).statusCode !== 401) stale++;
      }
      expect(stale).toBe(0);
    }, 180_000);

    it(`a role taken away on A: the analyst's queue is refused on B (${ROUNDS} rounds)`, async () => {
      const admin = await createUser(a, { role: 'admin' });
      const analyst = await createUser(a, { role: 'analyst' });
      const setRole = async (role: 'user' | 'analyst') => {
        const res = await onA(admin, 'PUT', `/api/admin/users/${analyst.id}`, {
          email: analyst.email,
          username: analyst.email,
          role,
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      let stale = 0;
      for (let i = 0; i < ROUNDS; i++) {
        await setRole('analyst');
        await keptOnB(analyst, '/api/analysis-requests/queue');
        await setRole('user');
        if ((await onB(analyst, '/api/analysis-requests/queue')).statusCode !== 403) stale++;
      }
      expect(stale).toBe(0);
    }, 120_000);

    it(`an account deleted on A reads nothing on B (${ROUNDS} rounds)`, async () => {
      let stale = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const user = await createUser(a);
        await keptOnB(user, '/api/user');
        await keptOnB(user, '/api/players');
        const res = await onA(user, 'DELETE', '/api/account', { password: user.password });
        expect(res.statusCode, res.body).toBe(200);
        if ((await onB(user, '/api/players')).statusCode !== 401) stale++;
      }
      expect(stale).toBe(0);
    }, 180_000);

    it(`a public page turned off on A is a 404 on B (${ROUNDS} rounds)`, async () => {
      const family = await createUser(a);
      const player = await sharedPlayerFixture(a, family);
      const share = (enabled: boolean) => onA(family, 'PUT', `/api/players/${player.id}/share`, { enabled });
      const on = await share(true);
      expect(on.statusCode, on.body).toBe(200);
      const page = on.json<{ path: string }>().path;
      let stale = 0;
      for (let i = 0; i < ROUNDS; i++) {
        expect((await share(true)).statusCode).toBe(200);
        await keptOnB(null, page);
        expect((await share(false)).statusCode).toBe(200);
        if ((await onB(null, page)).statusCode !== 404) stale++;
      }
      expect(stale).toBe(0);
    }, 120_000);

    it(`coach discovery turned off on A: the player leaves the coach search on B (${ROUNDS} rounds)`, async () => {
      const family = await createUser(a);
      const coach = await applyCoach(a);
      const player = await sharedPlayerFixture(a, family);
      await completedSpeed(a, player.id, 21.4);
      const discover = async (enabled: boolean) => {
        const res = await onA(family, 'PUT', `/api/players/${player.id}/discovery`, {
          enabled,
          guardianConfirmed: true,
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      const listed = async () => {
        const res = await onB(coach, '/api/coach/search');
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ items: { playerId: number }[] }>().items.some((p) => p.playerId === player.id);
      };
      let stale = 0;
      for (let i = 0; i < ROUNDS; i++) {
        await discover(true);
        expect(await listed()).toBe(true);
        expect(await listed()).toBe(true);
        await discover(false);
        if (await listed()) stale++;
      }
      expect(stale).toBe(0);
    }, 120_000);

    it('a coach suspended on A is refused the search on B (20 coaches)', async () => {
      const admin = await createUser(a, { role: 'admin' });
      let stale = 0;
      for (let i = 0; i < 20; i++) {
        const coach = await applyCoach(a);
        await keptOnB(coach, '/api/coach/search');
        const res = await onA(admin, 'POST', `/api/admin/coaches/${coach.id}/suspend`);
        expect(res.statusCode, res.body).toBe(200);
        // Refused: 403 (suspended), or 401 where the suspension also ends the coach's sessions.
        if (![401, 403].includes((await onB(coach, '/api/coach/search')).statusCode)) stale++;
      }
      expect(stale).toBe(0);
    }, 180_000);
  },
);
