import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'va-env-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function problemsOf(source: Record<string, string>) {
  try {
    loadEnv(source);
  } catch (err) {
    if (err instanceof EnvError) return err;
    throw err;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('runs with nothing set: port 5000, PGlite in ./data, demo data outside production', () => {
    const dir = tempDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({
      PORT: 5000,
      NODE_ENV: 'development',
      APP_URL: 'http://localhost:5000',
      SEED_DEMO: true,
      isProduction: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(loadEnv({ DATABASE_URL: 'memory://' }).DATA_DIR).toBe('./data');
  });

  it('names every bad variable at once', () => {
    const err = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/app',
      SMTP_URL: 'http://mail',
      APP_URL: 'not a url',
      STRIPE_SECRET_KEY: 'pk_live_nope',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
      SESSION_SECRET: 'short',
    });
    const named = err.problems.map((p) => p.split(':')[0]).sort();
    expect(named).toEqual([
      'APP_URL',
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'SEED_DEMO',
      'SESSION_SECRET',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
    ]);
    expect(err.message).toContain('DATABASE_URL: must start with postgres://, postgresql:// or memory://');
    expect(err.message).toContain('SESSION_SECRET: must be at least 32 characters');
  });

  it('treats empty variables as unset', () => {
    const env = loadEnv({ DATA_DIR: tempDir(), PORT: '', SMTP_URL: '' });
    expect(env.PORT).toBe(5000);
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('generates SESSION_SECRET once in development and keeps it in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadEnv({ DATA_DIR: dir });
    const second = loadEnv({ DATA_DIR: dir });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    const file = path.join(dir, 'session-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.SESSION_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadEnv({ DATA_DIR: tempDir() }).SESSION_SECRET).not.toBe(first.SESSION_SECRET);
  });

  it('uses a given SESSION_SECRET without writing one', () => {
    const dir = tempDir();
    const secret = 'x'.repeat(40);
    expect(loadEnv({ DATA_DIR: dir, SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
    expect(() => statSync(path.join(dir, 'session-secret'))).toThrow();
  });

  it('requires SESSION_SECRET in production and refuses the test outbox there', () => {
    const err = problemsOf({ NODE_ENV: 'production', DATA_DIR: tempDir(), EXPOSE_DEV_OUTBOX: 'true' });
    expect(err.problems).toEqual(
      expect.arrayContaining([
        'SESSION_SECRET: is required in production',
        'EXPOSE_DEV_OUTBOX: must not be set in production',
      ]),
    );
  });

  it('refuses production without a Stripe key (test cards would grant free credits) and a key without its webhook secret', () => {
    const prod = problemsOf({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), DATA_DIR: tempDir() });
    expect(prod.problems.join('\n')).toMatch(/STRIPE_SECRET_KEY: is required in production/);
    const keyOnly = problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc', DATA_DIR: tempDir() });
    expect(keyOnly.problems.join('\n')).toMatch(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
  });

  it('production defaults: no demo data', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(32),
      DATA_DIR: tempDir(),
      ALLOW_TEST_PAYMENTS: 'true',
    });
    expect(env).toMatchObject({ isProduction: true, SEED_DEMO: false });
  });
});
