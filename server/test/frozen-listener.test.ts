import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { watchStatements } from '../db/statement-log';
import { loadEnv } from '../env';
import { sharedPlayerFixture } from '../modules/sharing/sharing.fixtures';
import { as, createUser, freshDb, isRealPostgres, type TestApp, type TestUser } from './helpers';

/**
 * Decision 239, issue 50 finding 4: a listening connection that stops hearing without closing (frozen: its
 * socket no longer read) is noticed within a second. Until it listens again the instance serves nothing
 * from memory, says so in its log, and its health check answers 503. PostgreSQL only (PGlite has no
 * other process to hear).
 */
describe.runIf(isRealPostgres())('a listener that stops hearing without closing (decision 239)', () => {
  let t: TestApp;
  let family: TestUser;
  const lines: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'va-frozen-'));

  beforeAll(async () => {
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
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const app: FastifyInstance = await buildApp(env, { db: await freshDb(), logStream: stream });
    await app.ready();
    t = { app, db: app.db, env, dataDir, close: () => app.close() };
    family = await createUser(t);
    await sharedPlayerFixture(t, family);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The statements one read of the family's players sends (0: served from memory). */
  const statementsOfRead = async () => {
    const texts: string[] = [];
    const stop = watchStatements(t.app.dbHandle.pool!, (text) => texts.push(text));
    try {
      const res = await as(t, family, { method: 'GET', url: '/api/players' });
      expect(res.statusCode).toBe(200);
      return texts.length;
    } finally {
      stop();
    }
  };

  /** Whether a read is served from memory within a few tries (a late notification of the setup may drop one). */
  const keptSoon = async () => {
    for (let i = 0; i < 10; i++) {
      // On a loaded machine a sync can miss its deadline: the listener then connects again at once.
      for (let ms = 0; !t.app.dbHandle.writes.heard && ms < 3000; ms += 20)
        await new Promise((r) => setTimeout(r, 20));
      if ((await statementsOfRead()) === 0) return true;
    }
    return false;
  };

  it('is noticed within a second: nothing is served from memory, the log says so, health answers 503; thawed, it hears again', async () => {
    const { writes, listening } = t.app.dbHandle;
    expect(await keptSoon(), 'kept before the freeze').toBe(true);

    const frozenAt = Date.now();
    listening!.freeze(true);
    try {
      // A request right after the freeze: its sync never comes back, so it reads the database.
      expect(await statementsOfRead(), 'read afresh while the sync does not come back').toBeGreaterThan(0);
      while (writes.heard && Date.now() - frozenAt < 3000) await new Promise((r) => setTimeout(r, 10));
      const noticedIn = Date.now() - frozenAt;
      expect(writes.heard).toBe(false);
      console.info(`frozen listener noticed after ${noticedIn} ms`);
      expect(noticedIn, `noticed after ${noticedIn} ms`).toBeLessThanOrEqual(1000);
      expect(lines.join('')).toContain("Not hearing other processes' writes");

      for (let i = 0; i < 3; i++)
        expect(await statementsOfRead(), 'read afresh while not hearing').toBeGreaterThan(0);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({
        status: 'error',
        database: { connected: true },
        writes: { heard: false },
      });
    } finally {
      listening!.freeze(false);
    }
    // Thawed: the listener connects again by itself (every second), and the health check asks it to now.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json().writes).toEqual({ heard: true, message: "Hearing the other instances' writes" });
    expect(await keptSoon(), 'kept again').toBe(true);
    expect(lines.join('')).toContain("Hearing other processes' writes again");
  }, 30_000);
});
