import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens, users } from '../../db/schema';
import { as, createTestApp, createUser, lastMailTo, linkFrom, login, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SAME_ANSWER = {
  message: 'If an account exists for that email, you will receive password reset instructions.',
};
const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email } });
const confirm = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password/confirm', payload });

async function resetLink(email: string) {
  expect((await requestReset(email)).statusCode).toBe(200);
  return linkFrom((await lastMailTo(t, email))!.text, '/reset-password');
}

describe('password reset', () => {
  it('answers the same for an unknown email and sends nothing', async () => {
    const before = await t.db.select().from(mailOutbox);
    const res = await requestReset('nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('mails a link to /reset-password with a token valid for one hour, stored only as a hash', async () => {
    const u = await createUser(t);
    const res = await requestReset(u.email.toUpperCase());
    expect(res.json()).toEqual(SAME_ANSWER);
    const link = linkFrom((await lastMailTo(t, u.email))!.text, '/reset-password');
    expect(link.url.startsWith('http://localhost:5000/reset-password?token=')).toBe(true);
    expect(link.email).toBe(u.email);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(row.tokenHash).not.toContain(link.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('sets the new password, ends every session of the account, and works only once', async () => {
    const u = await createUser(t);
    const otherDevice = await login(t, u.email, u.password);
    const link = await resetLink(u.email);

    const ok = await confirm({ token: link.token, email: link.email, password: 'fresh-pass-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your password has been updated. You can now log in.' });

    expect((await as(t, u, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherDevice } })).statusCode,
    ).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.email, password: u.password },
    });
    expect(old.statusCode).toBe(401);
    expect(await login(t, u.email, 'fresh-pass-1')).toMatch(/^va\.sid=/);

    const again = await confirm({ token: link.token, email: link.email, password: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired. Please request a new one.');
  });

  it('a successful reset also voids the other links sent earlier', async () => {
    const u = await createUser(t);
    const earlier = await resetLink(u.email);
    const latest = await resetLink(u.email);
    expect(earlier.token).not.toBe(latest.token);
    expect(
      (await confirm({ token: latest.token, email: u.email, password: 'fresh-pass-1' })).statusCode,
    ).toBe(200);
    expect(
      (await confirm({ token: earlier.token, email: u.email, password: 'fresh-pass-2' })).statusCode,
    ).toBe(400);
  });

  it('refuses a link older than one hour', async () => {
    const u = await createUser(t);
    const link = await resetLink(u.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, u.id));
    const res = await confirm({ token: link.token, email: link.email, password: 'fresh-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(await login(t, u.email, u.password)).toMatch(/^va\.sid=/);
  });

  it("refuses someone else's token or a made-up one, and does not burn the real one", async () => {
    const victim = await createUser(t);
    const attacker = await createUser(t);
    const link = await resetLink(victim.email);
    const wrongEmail = await confirm({ token: link.token, email: attacker.email, password: 'hijack-123' });
    expect(wrongEmail.statusCode).toBe(400);
    const madeUp = await confirm({ token: 'x'.repeat(43), email: victim.email, password: 'hijack-123' });
    expect(madeUp.statusCode).toBe(400);
    expect(
      (await confirm({ token: link.token, email: victim.email, password: 'mine-again-1' })).statusCode,
    ).toBe(200);
  });

  it('following the emailed link also proves the address', async () => {
    const u = await createUser(t, { verified: false });
    const link = await resetLink(u.email);
    expect(
      (await confirm({ token: link.token, email: link.email, password: 'fresh-pass-1' })).statusCode,
    ).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row.isEmailVerified).toBe(true);
  });

  it('answers 400 with the messages of the forms', async () => {
    const empty = await requestReset('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'Email is required',
      errors: { email: 'Email is required' },
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: {} });
    expect(missing.json().errors).toEqual({ email: 'Email is required' });
    const short = await confirm({ token: 'abc', email: 'a@example.com', password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: 'Password must be at least 6 characters' });
  });
});
