import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/helpers';
import { LOGIN_LOCKED } from './login-guard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const ADDRESS_LIMITED = 'Too many requests. Please wait a moment and try again.';
let ip = 10;
const nextAddress = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;

function post(url: string, payload: Record<string, unknown>, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress });
}

describe('rate limits', () => {
  it('one address gets 20 login attempts a minute, then 429', async () => {
    const addr = nextAddress();
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/login', { username: `guess${i}@example.com`, password: 'nope123' }, addr);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/login',
      { username: 'guess-last@example.com', password: 'nope123' },
      addr,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: ADDRESS_LIMITED, code: 'RATE_LIMITED' });
    const elsewhere = await post(
      '/api/login',
      { username: 'guess-last@example.com', password: 'nope123' },
      nextAddress(),
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('one account gets 10 failed login attempts in 15 minutes from unknown browsers at any number of addresses, then 429', async () => {
    const victim = await createUser(t);
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/api/login', { username: victim.email, password: 'wrong-pass' }, nextAddress()))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await post(
      '/api/login',
      { username: victim.email.toUpperCase(), password: victim.password },
      nextAddress(),
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: LOGIN_LOCKED, code: 'RATE_LIMITED' });
    const other = await createUser(t);
    expect(other.cookie).toMatch(/^va\.sid=/);
  });

  it('registration: 5 tries per account, 10 per address a minute', async () => {
    const email = 'flood@example.com';
    const body = { username: email, email, password: 'secret123', firstName: 'F', lastName: 'L' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await post('/api/register', body, nextAddress())).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);

    const addr = nextAddress();
    for (let i = 0; i < 10; i++) {
      const e = `many${i}-${Date.now()}@example.com`;
      expect((await post('/api/register', { ...body, username: e, email: e }, addr)).statusCode).toBe(201);
    }
    expect(
      (
        await post(
          '/api/register',
          { ...body, username: 'eleventh@example.com', email: 'eleventh@example.com' },
          addr,
        )
      ).statusCode,
    ).toBe(429);
  });

  it('password reset and resend: 5 per account, 10 per address a minute', async () => {
    for (const url of ['/api/reset-password', '/api/auth/resend-verification']) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await post(url, { email: 'target@example.com' }, nextAddress())).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);

      const addr = nextAddress();
      for (let i = 0; i < 10; i++)
        expect((await post(url, { email: `spray${i}@example.com` }, addr)).statusCode).toBe(200);
      const blocked = await post(url, { email: 'spray-last@example.com' }, addr);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(ADDRESS_LIMITED);
    }
  });

  it('the limits are off when DISABLE_RATE_LIMIT is set (browser tests, local runs)', async () => {
    const free = await createTestApp({ DISABLE_RATE_LIMIT: 'true' });
    try {
      for (let i = 0; i < 25; i++) {
        const res = await free.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'same@example.com', password: 'nope123' },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await free.close();
    }
  });
});
