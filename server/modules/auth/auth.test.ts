import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, lastMailTo, linkFrom, login, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration and sign-in', () => {
  it('registers, refuses login until the emailed link is followed, then logs in', async () => {
    const email = 'newparent@example.com';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: email,
        email,
        password: 'secret123',
        firstName: 'New',
        lastName: 'Parent',
        referralCode: null,
      },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ username: email, message: expect.stringContaining('verify') });
    expect(reg.body).not.toMatch(/password|secret123/i);

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: 'secret123' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Please verify your email before logging in.');

    const mail = await lastMailTo(t, email);
    const link = linkFrom(mail!.text, '/verify-email');
    const ver = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link.token, email: link.email },
    });
    expect(ver.statusCode).toBe(200);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: 'secret123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: email, loginCount: 1, credits: 0, igaCredits: 0 });
  });

  it('gives the same 401 for a wrong password and an unknown account', async () => {
    const u = await createUser(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.email, password: 'nope123' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ghost@example.com', password: 'nope123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password');
    expect(unknown.json().message).toBe('Invalid username or password');
  });

  it('answers 400 with the field messages of the specification', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: '', password: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      username: 'Email is required',
      password: 'Password must be at least 6 characters',
      email: 'Confirmation email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('answers a taken address like a new one (201, no 409): the existing account is unchanged (decision 196)', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: u.email, email: u.email, password: 'other123', firstName: 'A', lastName: 'B' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: u.email, isEmailVerified: false });
    expect(res.json().id).not.toBe(u.id);
    expect((await login(t, u.email, u.password)).length).toBeGreaterThan(0);
  });

  it('GET /api/user is 401 signed out and the user signed in; logout ends the session on the server', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const u = await createUser(t);
    const me = await as(t, u, { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(u.email);
    await as(t, u, { method: 'POST', url: '/api/logout' });
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('refuses a state-changing request from another origin', async () => {
    const u = await createUser(t);
    const res = await as(t, u, {
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
