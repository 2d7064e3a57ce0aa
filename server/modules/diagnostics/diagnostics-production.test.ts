import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';

let prod: TestApp;
let family: TestUser;
let admin: TestUser;
beforeAll(async () => {
  prod = await createTestApp({
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    TRUST_PROXY: 'true',
    SESSION_SECRET: 'p'.repeat(48),
  });
  family = await createUser(prod);
  admin = await createUser(prod, { role: 'admin' });
});
afterAll(() => prod.close());

/** With a second cookie beside the session's, as a browser sends. */
const get = (user: TestUser | null, url: string) =>
  prod.app.inject({
    method: 'GET',
    url,
    headers: { cookie: user ? `${user.cookie}; theme=dark` : 'theme=dark' },
  });

const neutralHealth = {
  corsSettings: { origin: '', methods: [], credentials: false },
  session: {
    name: '',
    secret: 'set',
    trustProxy: false,
    cookie: { secure: false, httpOnly: false, sameSite: '', maxAge: 0, path: '' },
  },
};
const neutralSession = {
  sessionID: null,
  cookieNames: [],
  sessionConfig: { name: '', secure: false, sameSite: '', domain: null, httpOnly: false, maxAge: 0 },
  expressConfig: { trustProxy: false, environment: 'production' },
};

describe('diagnostics in production (decision 196)', () => {
  it('health: signed out or a family, the same keys with the CORS and session settings left neutral', async () => {
    for (const who of [null, family]) {
      const res = await get(who, '/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'ok',
        environment: 'production',
        database: { connected: true },
        ...neutralHealth,
      });
      expect(res.body).not.toContain('va.sid');
      expect(res.body).not.toContain(prod.env.APP_URL);
    }
  });

  it('health: an admin sees the settings', async () => {
    const res = await get(admin, '/api/health');
    expect(res.json()).toMatchObject({
      corsSettings: {
        origin: prod.env.APP_URL,
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        credentials: true,
      },
      session: { name: 'va.sid', secret: 'set', trustProxy: true, cookie: { secure: true, httpOnly: true } },
    });
  });

  it('session debug: a family sees whether it is signed in, never its cookie names nor its session id', async () => {
    const res = await get(family, '/api/session-debug');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      authenticated: true,
      cookiesReceived: 2,
      hasCookies: true,
      sessionCookiePresent: true,
      environment: 'production',
      ...neutralSession,
    });
    expect(res.body).not.toContain('va.sid');
    expect(res.body).not.toContain('theme');
    const signedOut = await get(null, '/api/session-debug');
    expect(signedOut.json()).toMatchObject({ authenticated: false, cookiesReceived: 1, ...neutralSession });
  });

  it('session debug: an admin sees the cookie names, the shortened session id and the settings', async () => {
    const body = (await get(admin, '/api/session-debug')).json();
    expect(body).toMatchObject({
      authenticated: true,
      cookieNames: ['va.sid', 'theme'],
      sessionConfig: { name: 'va.sid', secure: true, httpOnly: true, sameSite: 'lax' },
      expressConfig: { trustProxy: true, environment: 'production' },
    });
    expect(body.sessionID).toMatch(/^.{8}…$/);
  });
});
