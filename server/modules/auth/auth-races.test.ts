import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  createTestApp,
  createUser,
  isRealPostgres,
  lastMailTo,
  linkFrom,
  type TestApp,
} from '../../test/helpers';

// PGlite runs one query at a time and would hide these races; they run on PostgreSQL.
describe.skipIf(!isRealPostgres())('auth under concurrent requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('the same email registered five times at once makes one account; every answer reads as a new one', async () => {
    const email = 'twins@example.com';
    const payload = { username: email, email, password: 'secret123', firstName: 'T', lastName: 'W' };
    const codes = (
      await Promise.all(
        Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/register', payload })),
      )
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 201, 201, 201, 201]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('one reset link used five times at once changes the password once', async () => {
    const u = await createUser(t);
    await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email: u.email } });
    const link = linkFrom((await lastMailTo(t, u.email))!.text, '/reset-password');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/reset-password/confirm',
          payload: { token: link.token, email: u.email, password: `parallel-${i}` },
        }),
      ),
    );
    const winners = results.map((r, i) => [r.statusCode, i] as const).filter(([code]) => code === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.email, password: `parallel-${winners[0][1]}` },
    });
    expect(login.statusCode).toBe(200);
  });

  it('parallel logins are all counted', async () => {
    const u = await createUser(t);
    await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: u.email, password: u.password },
        }),
      ),
    );
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: u.cookie } });
    expect(me.json().loginCount).toBe(7);
  });
});
