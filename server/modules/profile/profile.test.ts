import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const update = (user: TestUser | null, body: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    payload: body,
    headers: (cookie ?? user?.cookie) ? { cookie: cookie ?? user!.cookie } : {},
  });

const profile = (u: TestUser, extra: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: 'Parent',
  username: u.email,
  email: u.email,
  ...extra,
});

describe('updating the profile', () => {
  it('saves names, username and email and answers the updated user without secrets', async () => {
    const u = await createUser(t);
    const res = await update(u, {
      firstName: ' Pat ',
      lastName: 'Smith',
      username: 'pat.smith@example.com',
      email: 'pat.smith@example.com',
      currentPassword: u.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      firstName: 'Pat',
      lastName: 'Smith',
      username: u.email,
      email: u.email,
      pendingEmail: 'pat.smith@example.com',
    });
    expect(res.body).not.toMatch(/password/i);
    const me = await as(t, u, { method: 'GET', url: '/api/user' });
    expect(me.json().lastName).toBe('Smith');
    const link = linkFrom((await lastMailTo(t, 'pat.smith@example.com'))!.text, '/verify-email');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { token: link.token, email: link.email },
        })
      ).statusCode,
    ).toBe(200);
    expect(await login(t, 'pat.smith@example.com', u.password)).toBeTruthy();
  });

  it('keeps the password when none is sent', async () => {
    const u = await createUser(t);
    expect((await update(u, profile(u, { firstName: 'Kept' }))).statusCode).toBe(200);
    expect(await login(t, u.email, u.password)).toBeTruthy();
  });

  it('a new password works at once and ends every other session, not this one', async () => {
    const u = await createUser(t);
    const otherDevice = await login(t, u.email, u.password);
    const res = await update(u, profile(u, { password: 'brand-new-pass', currentPassword: u.password }));
    expect(res.statusCode).toBe(200);
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherDevice } })).statusCode,
    ).toBe(401);
    await expect(login(t, u.email, u.password)).rejects.toThrow(/401/);
    expect(await login(t, u.email, 'brand-new-pass')).toBeTruthy();
  });

  it('a mixed-case username still signs in, because usernames are login emails', async () => {
    const u = await createUser(t);
    const res = await update(
      u,
      profile(u, {
        username: 'Mixed.Case@Example.com',
        email: 'mixed.case@example.com',
        currentPassword: u.password,
      }),
    );
    expect(res.statusCode).toBe(200);
    const link = linkFrom((await lastMailTo(t, 'mixed.case@example.com'))!.text, '/verify-email');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link.token, email: link.email },
    });
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).json().username).toBe(
      'mixed.case@example.com',
    );
    expect(await login(t, 'Mixed.Case@example.com', u.password)).toBeTruthy();
  });

  it("refuses another account's username or email with 409 and changes nothing", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const byUsername = await update(u, profile(u, { username: other.email, currentPassword: u.password }));
    expect(byUsername.statusCode).toBe(409);
    expect(byUsername.json().message).toBe('That username is already in use by another account');
    const byEmail = await update(
      u,
      profile(u, { email: other.email.toUpperCase(), currentPassword: u.password }),
    );
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toBe('That email is already in use by another account');
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).json()).toMatchObject({
      username: u.email,
      email: u.email,
    });
  });

  it('answers 400 with the messages of the specification and changes nothing', async () => {
    const u = await createUser(t);
    const res = await update(u, {
      firstName: '',
      lastName: '',
      username: 'ab',
      email: 'not-an-email',
      password: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
    const notEmail = await update(u, profile(u, { username: 'patrick' }));
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().errors.username).toBe('Username must be a valid email');
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).json().username).toBe(u.email);
    expect(await login(t, u.email, u.password)).toBeTruthy();
  });

  it('answers 401 to a visitor', async () => {
    expect(
      (
        await update(null, {
          firstName: 'A',
          lastName: 'B',
          username: 'abc@example.com',
          email: 'abc@example.com',
        })
      ).statusCode,
    ).toBe(401);
  });
});
