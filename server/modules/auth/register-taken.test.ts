import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, createUser, lastMailTo, login, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (email: string, password = 'secret123') =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username: email, email, password, firstName: 'Pat', lastName: 'Lee', referralCode: null },
  });
/** What may differ between two answers: who they are for, and when. */
const comparable = (body: Record<string, unknown>) => {
  const { id, username, email, createdAt, ...rest } = body;
  return {
    id: typeof id,
    username: typeof username,
    email: typeof email,
    createdAt: typeof createdAt,
    ...rest,
  };
};

describe('registering an address that already has an account (decision 196)', () => {
  it('is answered exactly like a new address: 201, the same body shape and values', async () => {
    const holder = await createUser(t);
    const fresh = await register('brand-new@example.com');
    const taken = await register(holder.email.toUpperCase());
    expect(fresh.statusCode).toBe(201);
    expect(taken.statusCode).toBe(201);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(comparable(taken.json())).toEqual(comparable(fresh.json()));
    expect(taken.json()).toMatchObject({ email: holder.email, username: holder.email });
    // The id is drawn like a new account's: past the last one, never the holder's.
    expect(taken.json().id).toBeGreaterThan(fresh.json().id);
  });

  it('mails the holder that someone tried, leaves the account as it was and makes no second one', async () => {
    const holder = await createUser(t);
    const [before] = await t.db.select().from(users).where(eq(users.id, holder.id));
    expect((await register(holder.email, 'attacker1')).statusCode).toBe(201);
    const mail = await lastMailTo(t, holder.email);
    expect(mail?.subject).toBe('Someone tried to sign up with your email');
    expect(mail?.text).toContain('which already has one');
    expect(mail?.text).toContain(`${t.env.APP_URL}/auth-page`);
    expect(mail?.text).toContain(`${t.env.APP_URL}/reset-password`);
    expect(mail?.text).not.toMatch(/token=/);
    const rows = await t.db.select().from(users).where(eq(users.email, holder.email));
    expect(rows).toEqual([before]);
    expect(await login(t, holder.email, holder.password)).toMatch(/^va\.sid=/);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: holder.email, password: 'attacker1' },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('a new address still gets its verification mail, not the attempt notice', async () => {
    expect((await register('second-new@example.com')).statusCode).toBe(201);
    expect((await lastMailTo(t, 'second-new@example.com'))?.subject).toBe(
      'Verify your email for Verified Athlete',
    );
  });
});
