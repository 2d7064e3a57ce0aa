import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DbHandle } from '../../db/client';
import { loadEnv } from '../../env';
import { cookieFrom, createUser, freshDb, type TestApp } from '../../test/helpers';
import { DEVICE_COOKIE, LOGIN_LOCKED } from './login-guard';

/** Two app instances on one database, as two servers behind a load balancer would be. */
let handle: DbHandle;
let a: FastifyInstance;
let b: FastifyInstance;
let dataDir: string;
let t: TestApp;

async function instance() {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    APP_URL: 'http://localhost:5000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DISABLE_RATE_LIMIT: 'false',
    DISABLE_JOBS: 'true',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_secret_for_tests',
    SESSION_SECRET: 'x'.repeat(48),
  });
  const app = await buildApp(env, { db: { ...handle, close: async () => {} }, logger: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'va-lockout-'));
  handle = await freshDb();
  a = await instance();
  b = await instance();
  t = { app: a, db: handle.db, env: a.env, dataDir, close: async () => {} };
});
afterAll(async () => {
  await a.close();
  await b.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let ip = 0;
const address = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
const login = (
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress: string,
  cookie?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
const deviceCookie = (res: Awaited<ReturnType<typeof login>>) => {
  const set = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return set?.split(';')[0];
};

describe('sign-in limits count failures, not sign-ins', () => {
  it('the owner can sign in many times in a row with the right password', async () => {
    const u = await createUser(t);
    const addr = address();
    for (let i = 0; i < 15; i++) expect((await login(a, u.email, u.password, addr)).statusCode).toBe(200);
  });

  it('five wrong passwords from one address stop that address for this account, with Retry-After', async () => {
    const u = await createUser(t);
    const addr = address();
    for (let i = 0; i < 5; i++) expect((await login(a, u.email, 'wrong-pass', addr)).statusCode).toBe(401);
    const blocked = await login(a, u.email, u.password, addr);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: LOGIN_LOCKED, code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(a, u.email, u.password, address())).statusCode).toBe(200);
  });

  it('a correct password resets the count', async () => {
    const u = await createUser(t);
    const addr = address();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(a, u.email, 'wrong-pass', addr)).statusCode).toBe(401);
      expect((await login(a, u.email, u.password, addr)).statusCode).toBe(200);
    }
  });

  it('a stranger typing the email from many addresses cannot lock the owner out of a browser that signed in before', async () => {
    const u = await createUser(t);
    const first = await login(a, u.email, u.password, address());
    const device = deviceCookie(first)!;
    expect(device).toBeTruthy();

    for (let i = 0; i < 12; i++) await login(a, u.email, 'guess-' + i, address());
    const stranger = await login(a, u.email, 'guess-final', address());
    expect(stranger.statusCode).toBe(429);
    const unknownBrowser = await login(a, u.email, u.password, address());
    expect(unknownBrowser.statusCode).toBe(429);

    const owner = await login(a, u.email, u.password, address(), device);
    expect(owner.statusCode).toBe(200);
    expect(cookieFrom(owner)).toMatch(/^va\.sid=/);
  });

  it("another account's device cookie, or a forged one, earns no trust", async () => {
    const victim = await createUser(t);
    const attacker = await createUser(t);
    const own = deviceCookie(await login(a, attacker.email, attacker.password, address()))!;
    const forged = `${DEVICE_COOKIE}=abc.def`;
    for (let i = 0; i < 11; i++) await login(a, victim.email, 'guess-' + i, address(), i % 2 ? own : forged);
    expect((await login(a, victim.email, 'guess-last', address(), own)).statusCode).toBe(429);
  });

  it('a trusted browser has a budget of its own too', async () => {
    const u = await createUser(t);
    const device = deviceCookie(await login(a, u.email, u.password, address()))!;
    for (let i = 0; i < 10; i++)
      expect((await login(a, u.email, 'wrong-pass', address(), device)).statusCode).toBe(401);
    expect((await login(a, u.email, u.password, address(), device)).statusCode).toBe(429);
  });
});

describe('limits are kept in the database', () => {
  it('two instances share one account budget', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 10; i++) await login(i % 2 ? a : b, u.email, 'wrong-pass', address());
    expect((await login(b, u.email, 'wrong-pass', address())).statusCode).toBe(429);
    expect((await login(a, u.email, 'wrong-pass', address())).statusCode).toBe(429);
  });

  it('two instances share the per-address limit, and a restarted instance keeps it', async () => {
    const addr = address();
    for (let i = 0; i < 20; i++)
      expect((await login(i % 2 ? a : b, `nobody${i}@example.com`, 'nope123', addr)).statusCode).toBe(401);
    expect((await login(a, 'nobody@example.com', 'nope123', addr)).statusCode).toBe(429);
    const restarted = await instance();
    try {
      expect((await login(restarted, 'nobody@example.com', 'nope123', addr)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});
