import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from '../../../contract/auth';
import {
  as,
  createTestApp,
  createUser,
  lastMailTo,
  linkFrom,
  login,
  type TestApp,
  type TestUser,
} from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (u: TestUser, extra: Record<string, unknown>) =>
  as(t, u, {
    method: 'PUT',
    url: '/api/user/profile',
    payload: { firstName: 'Pat', lastName: 'Parent', username: u.email, email: u.email, ...extra },
  });
const me = async (u: TestUser) => (await as(t, u, { method: 'GET', url: '/api/user' })).json();
const verify = (link: { token: string; email: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: link.token, email: link.email },
  });

describe('changing the password or the email needs the current password', () => {
  it('a new password without the current one, or with a wrong one, is a 400 on the field and changes nothing', async () => {
    const u = await createUser(t);
    const missing = await update(u, { password: 'taken-over-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ currentPassword: CURRENT_PASSWORD_REQUIRED });
    const wrong = await update(u, { password: 'taken-over-1', currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: CURRENT_PASSWORD_WRONG });
    expect(await login(t, u.email, u.password)).toBeTruthy();
    await expect(login(t, u.email, 'taken-over-1')).rejects.toThrow(/401/);
  });

  it('a new email or username without the current password is refused', async () => {
    const u = await createUser(t);
    for (const change of [{ email: 'thief@example.com' }, { username: 'thief@example.com' }]) {
      const res = await update(u, change);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.currentPassword).toBe(CURRENT_PASSWORD_REQUIRED);
    }
    expect(await me(u)).toMatchObject({ email: u.email, username: u.email, pendingEmail: null });
  });

  it('names change without the current password', async () => {
    const u = await createUser(t);
    const res = await update(u, { firstName: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().firstName).toBe('Renamed');
  });
});

describe('a new email is confirmed before it signs in, and the old address is told', () => {
  it('the new address signs in only after its link is followed; until then the old one does', async () => {
    const u = await createUser(t);
    const next = `moved-${u.id}@example.com`;
    const res = await update(u, { email: next, username: next, currentPassword: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: u.email, username: u.email, pendingEmail: next });
    await expect(login(t, next, u.password)).rejects.toThrow(/401/);
    expect(await login(t, u.email, u.password)).toBeTruthy();

    const notice = await lastMailTo(t, u.email);
    expect(notice!.subject).toBe('Your Verified Athlete email is being changed');
    expect(notice!.text).toContain(next);
    expect(notice!.text).not.toMatch(/token=/);

    const link = linkFrom((await lastMailTo(t, next))!.text, '/verify-email');
    expect(link.email).toBe(next);
    const done = await verify(link);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Your new email address is confirmed. Use it to sign in.');
    expect(await me(u)).toMatchObject({
      email: next,
      username: next,
      pendingEmail: null,
      isEmailVerified: true,
    });
    expect(await login(t, next, u.password)).toBeTruthy();
    await expect(login(t, u.email, u.password)).rejects.toThrow(/401/);
    expect((await verify(link)).statusCode).toBe(400);
  });

  it('a link to an address someone registered in the meantime is refused', async () => {
    const u = await createUser(t);
    const next = `raced-${u.id}@example.com`;
    await update(u, { email: next, username: next, currentPassword: u.password });
    const link = linkFrom((await lastMailTo(t, next))!.text, '/verify-email');
    await createUser(t, { email: next });
    expect((await verify(link)).statusCode).toBe(409);
    expect(await me(u)).toMatchObject({ email: u.email });
  });
});

describe('password changes are rate limited per account', () => {
  it('after 10 attempts in 15 minutes the next is 429', async () => {
    const limited = await createTestApp({ DISABLE_RATE_LIMIT: 'false' });
    try {
      const u = await createUser(limited);
      const put = () =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/user/profile',
          headers: { cookie: u.cookie },
          payload: {
            firstName: 'P',
            lastName: 'P',
            username: u.email,
            email: u.email,
            password: 'new-pass-1',
            currentPassword: 'wrong-one',
          },
        });
      for (let i = 0; i < 10; i++) expect((await put()).statusCode).toBe(400);
      expect((await put()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
