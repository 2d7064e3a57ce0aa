import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { HashingBusyError, holdHashingPlaces, setHashingLimits } from './hash-pool';
import { hashPassword, verifyPassword } from './password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('password hashing on a bounded worker pool', () => {
  it('hashes and verifies on the worker threads', async () => {
    const hashes = await Promise.all(['one-pass', 'two-pass', 'three-pass'].map(hashPassword));
    expect(await verifyPassword('two-pass', hashes[1])).toBe(true);
    expect(await verifyPassword('one-pass', hashes[1])).toBe(false);
  });

  it('refuses with HashingBusyError once every worker and waiting place is taken', async () => {
    setHashingLimits({ workers: 1, maxQueue: 2 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => hashPassword(`pw-${i}`)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(3);
      for (const r of refused) expect(r.reason).toBeInstanceOf(HashingBusyError);
      expect(await hashPassword('after')).toMatch(/^scrypt\$/);
    } finally {
      setHashingLimits({ workers: 2, maxQueue: 64 });
    }
  });

  it('a full queue answers 503 with Retry-After on login, registration and password change, changing nothing', async () => {
    const u = await createUser(t);
    const release = holdHashingPlaces(10_000);
    try {
      const calls = [
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: u.email, password: u.password },
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: {
            username: 'busy@example.com',
            email: 'busy@example.com',
            password: 'secret123',
            firstName: 'B',
            lastName: 'Z',
          },
        }),
        t.app.inject({
          method: 'PUT',
          url: '/api/user/profile',
          headers: { cookie: u.cookie },
          payload: {
            firstName: 'B',
            lastName: 'Z',
            username: u.email,
            email: u.email,
            password: 'newpass1',
            currentPassword: u.password,
          },
        }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({
          message: 'The server is busy. Please try again in a moment.',
          code: 'UNAVAILABLE',
        });
      }
    } finally {
      release();
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'busy@example.com'))).toHaveLength(0);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: u.email, password: u.password },
        })
      ).statusCode,
    ).toBe(200);
  });
});
