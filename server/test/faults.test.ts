import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDb } from '../db/client';
import { loadEnv } from '../env';
import { UNAVAILABLE } from '../plugins/errors';
import { as, createTestApp, createUser, type TestApp } from './helpers';

describe('a database outage', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'va-outage-'));
    const stream = new Writable({
      write(c, _e, cb) {
        lines.push(String(c));
        cb();
      },
    });
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      APP_URL: 'http://localhost:5000',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      DISABLE_RATE_LIMIT: 'true',
      DISABLE_JOBS: 'true',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret_for_tests',
    });
    // Nothing listens on port 1: every query is refused, as while PostgreSQL is down.
    const handle = await openDb({ databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/none', dataDir });
    app = await buildApp(env, { db: handle, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 JSON with Retry-After on every database route, for signed-in and anonymous callers, and logs it once', async () => {
    // A validly signed session cookie, so the session store is asked (and fails) before the handler.
    const cookie = `va.sid=${encodeURIComponent(new Signer(app.env.SESSION_SECRET).sign('a'.repeat(32)))}`;
    const calls = [
      { method: 'GET' as const, url: '/api/plans' },
      {
        method: 'POST' as const,
        url: '/api/login',
        payload: { username: 'a@example.com', password: 'secret123' },
      },
      { method: 'GET' as const, url: '/api/players', headers: { cookie } },
      { method: 'GET' as const, url: '/api/health', headers: { cookie } },
    ];
    for (let round = 0; round < 5; round++) {
      for (const c of calls) {
        const res = await app.inject(c);
        expect(res.statusCode, `${c.url}: ${res.body}`).toBe(503);
        expect(res.headers['retry-after'], c.url).toBe('5');
        expect(res.json(), c.url).toMatchObject({ message: UNAVAILABLE, code: 'UNAVAILABLE' });
      }
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().database.connected).toBe(false);
    const log = lines.join('');
    expect(log.match(/Database unavailable/g)).toHaveLength(1);
    expect(log).not.toMatch(/unhandled error/);
  });
});

describe('caching of API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers holding a family's data carry Cache-Control: no-store, errors too", async () => {
    const u = await createUser(t);
    for (const url of ['/api/user', '/api/players', '/api/players/999999', '/api/subscriptions']) {
      const res = await as(t, u, { method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/players' })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});
