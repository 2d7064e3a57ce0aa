import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { createTestApp, createUser, lastMailTo, linkFrom, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING = 'Missing verification token or email. Please check your verification link.';
const INVALID = 'This verification link is invalid or has expired.';
const verify = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload });
const resend = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload });

let n = 0;
async function registered() {
  const email = `verify${++n}-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username: email,
      email,
      password: 'secret123',
      firstName: 'Val',
      lastName: 'Idate',
      referralCode: null,
    },
  });
  expect(res.statusCode).toBe(201);
  return {
    email,
    id: res.json().id as number,
    link: linkFrom((await lastMailTo(t, email))!.text, '/verify-email'),
  };
}
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('email verification', () => {
  it('the emailed link opens /verify-email, is valid 24 hours and is stored only as a hash', async () => {
    const r = await registered();
    expect(r.link.url.startsWith('http://localhost:5000/verify-email?token=')).toBe(true);
    const row = await userRow(r.id);
    expect(row.emailVerificationToken).not.toBe(r.link.token);
    const hours = (row.emailVerificationExpires!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('verifies once; a second click reads as already verified', async () => {
    const r = await registered();
    const first = await verify({ token: r.link.token, email: r.email });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Email verified successfully. You can now log in.' });
    expect((await userRow(r.id)).isEmailVerified).toBe(true);
    const second = await verify({ token: r.link.token, email: r.email });
    expect(second.json()).toEqual({ message: 'Your email is already verified. You can log in.' });
  });

  it('refuses a link older than 24 hours', async () => {
    const r = await registered();
    await t.db
      .update(users)
      .set({ emailVerificationExpires: sql`now() - interval '1 second'` })
      .where(eq(users.id, r.id));
    const res = await verify({ token: r.link.token, email: r.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID, code: 'INVALID_TOKEN' });
    expect((await userRow(r.id)).isEmailVerified).toBe(false);
  });

  it("refuses a wrong token, and another account's token", async () => {
    const a = await registered();
    const b = await registered();
    expect((await verify({ token: 'not-the-token', email: a.email })).json().message).toBe(INVALID);
    expect((await verify({ token: b.link.token, email: a.email })).statusCode).toBe(400);
    expect((await verify({ token: a.link.token, email: 'ghost@example.com' })).statusCode).toBe(400);
    expect((await userRow(a.id)).isEmailVerified).toBe(false);
  });

  it('needs both token and email', async () => {
    for (const payload of [{}, { token: 'abc' }, { email: 'a@example.com' }, { token: '', email: '' }]) {
      const res = await verify(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MISSING);
    }
  });
});

describe('resend verification', () => {
  it('sends a new link and the old one stops working', async () => {
    const r = await registered();
    const res = await resend({ email: r.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'A new verification email has been sent. Please check your inbox.',
    });
    const fresh = linkFrom((await lastMailTo(t, r.email))!.text, '/verify-email');
    expect(fresh.token).not.toBe(r.link.token);
    expect((await verify({ token: r.link.token, email: r.email })).statusCode).toBe(400);
    expect((await verify({ token: fresh.token, email: r.email })).statusCode).toBe(200);
  });

  it('answers the same for unknown and already verified accounts, without mailing them', async () => {
    const verified = await createUser(t);
    const before = (await t.db.select().from(mailOutbox)).length;
    for (const email of ['unknown@example.com', verified.email]) {
      const res = await resend({ email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'A new verification email has been sent. Please check your inbox.',
      });
    }
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('needs the email', async () => {
    const res = await resend({});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Email address is missing. Please try to use the original verification link.',
    );
  });
});
