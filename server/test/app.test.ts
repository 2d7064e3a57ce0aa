import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { players, passwordResetTokens, referrals, users } from '../db/schema';
import { loadEnv } from '../env';
import { playerBody } from '../modules/players/player-fixtures';
import {
  as,
  createTestApp,
  createUser,
  freshDb,
  lastMailTo,
  linkFrom,
  userRow,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The app as production runs it, with its log lines captured and one route that fails. */
async function productionApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'va-prod-'));
  const web = mkdtempSync(path.join(tmpdir(), 'va-web-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: web,
    SESSION_SECRET: 's'.repeat(48),
    APP_URL: 'http://localhost:5000',
    DISABLE_RATE_LIMIT: 'true',
    DISABLE_JOBS: 'true',
  });
  const handle = await freshDb();
  const app: FastifyInstance = await buildApp(env, { db: handle, logStream: stream });
  app.get('/api/test/explode', async () => {
    throw new Error('connect ECONNREFUSED 10.1.2.3:5432 (secret internals)');
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    log: () => lines.join(''),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(web, { recursive: true, force: true });
    },
  };
}

describe('errors', () => {
  it('unknown /api paths answer 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        message: `Route ${method} /api/no-such-thing not found`,
        code: 'NOT_FOUND',
      });
    }
  });

  it('a malformed JSON body is a 400 in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: 'VALIDATION_ERROR' });
  });
});

describe('ids beyond the database integer range', () => {
  it('are a 400 with a message on every call that takes an id, never a 500, and nothing changes', async () => {
    const huge = 99_999_999_999;
    const admin = await createUser(t, { role: 'admin', credits: 1, igaCredits: 1 });
    const speed = { hudlUrl: 'https://www.hudl.com/v/1', startTime: '01:00', season: 2024 };
    const upload = (fields: Record<string, string>) => {
      const boundary = '----va-ids';
      const parts = Object.entries(fields).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
      return {
        payload: `${parts.join('')}${file}\0\0\0\x18ftypmp42\0\0\0\0\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const calls: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: `/api/players/${huge}` },
      { method: 'PUT', url: `/api/players/${huge}`, payload: await playerBody(t) },
      { method: 'POST', url: '/api/players', payload: await playerBody(t, { primaryPositionId: huge }) },
      { method: 'GET', url: `/api/players/${huge}/pending-requests` },
      { method: 'GET', url: `/api/videos/${huge}` },
      { method: 'GET', url: `/api/video-download/${huge}` },
      { method: 'POST', url: '/api/videos/refresh-url', payload: { videoId: huge } },
      { method: 'POST', url: '/api/videos/upload', ...upload({ playerId: String(huge) }) },
      { method: 'GET', url: `/api/positions/${huge}/submetrics` },
      { method: 'GET', url: `/api/analysis-requests/${huge}/submetrics` },
      { method: 'GET', url: `/api/analysis-requests/${huge}/population` },
      {
        method: 'POST',
        url: `/api/analysis-requests/${huge}/reject`,
        payload: { reason: 'Other', comment: 'x' },
      },
      { method: 'POST', url: '/api/analysis-requests', payload: { ...speed, playerId: huge, positionId: 1 } },
      {
        method: 'POST',
        url: '/api/iga-analysis-requests',
        payload: { ...speed, playerId: 1, positionId: huge },
      },
      { method: 'POST', url: '/api/checkout', payload: { planId: huge } },
      { method: 'POST', url: '/api/referrals/VAUNKNOWN/complete', payload: { userId: huge } },
    ];
    for (const c of calls) {
      const res = await as(t, admin, c);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
      expect(res.json().message, c.url).toEqual(expect.any(String));
    }
    const me = await userRow(t, admin.id);
    expect(me).toMatchObject({ credits: 1, igaCredits: 1 });
  });
});

describe('text with a NUL character (PostgreSQL text cannot hold one)', () => {
  it('is a 400 with a message in a body, a path or a query, never a 500, and nothing is stored', async () => {
    const u = await createUser(t);
    const nul = 'a\u0000b';
    const calls: (InjectOptions & { url: string })[] = [
      { method: 'POST', url: '/api/players', payload: await playerBody(t, { firstName: nul }) },
      {
        method: 'POST',
        url: '/api/referrals/send',
        payload: { firstName: nul, lastName: 'B', email: 'nul@example.com', confirmEmail: 'nul@example.com' },
      },
      {
        method: 'PUT',
        url: '/api/user/profile',
        payload: { firstName: nul, lastName: 'B', username: u.email, email: u.email },
      },
      { method: 'POST', url: '/api/auth/resend-verification', payload: { email: nul } },
      { method: 'POST', url: '/api/schools/search', payload: { searchTerm: nul, level: 'College' } },
      { method: 'POST', url: '/api/analytics/events', payload: { name: 'page_view', path: `/${nul}` } },
      { method: 'GET', url: '/api/referrals/VA%00X' },
      { method: 'POST', url: '/api/subscriptions/sub%00x/cancel' },
      { method: 'GET', url: '/api/leaderboard?metric=max_speed&level=College&all_time=true&x=%00' },
    ];
    for (const c of calls) {
      const res = await as(t, u, c);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe('Text must not contain NUL characters');
    }
    expect(await t.db.select().from(players).where(eq(players.userId, u.id))).toHaveLength(0);
    expect(await t.db.select().from(referrals).where(eq(referrals.senderId, u.id))).toHaveLength(0);
    const [me] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(me.firstName).toBe('Test');
  });
});

describe('production behaviour', () => {
  let p: Awaited<ReturnType<typeof productionApp>>;
  beforeAll(async () => {
    p = await productionApp();
  });
  afterAll(() => p.close());

  it('a 5xx carries no stack trace or internals, but the log keeps them for operators', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL' });
    expect(res.body).not.toMatch(/ECONNREFUSED|secret internals|at .*\.ts/);
    expect(p.log()).toContain('secret internals');
  });

  it('logs carry no password, cookie, emailed token or session secret', async () => {
    const email = 'logged@example.com';
    const password = 'Very-Secret-Pw-42';
    await p.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: email, email, password, firstName: 'L', lastName: 'G' },
    });
    await p.db.update(users).set({ isEmailVerified: true }).where(eq(users.email, email));
    const login = await p.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    await p.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie, authorization: 'Bearer abc.def' },
    });
    await p.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email } });
    const reset = linkFrom(
      (await lastMailTo({ db: p.db, app: p.app } as TestApp, email))!.text,
      '/reset-password',
    );
    await p.app.inject({
      method: 'GET',
      url: `/reset-password?token=${reset.token}&email=${encodeURIComponent(email)}`,
    });
    await p.app.inject({
      method: 'POST',
      url: '/api/reset-password/confirm',
      payload: { token: reset.token, email, password: 'Another-Pw-42' },
    });

    const log = p.log();
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('"url":"/api/login"');
    for (const secret of [
      password,
      'Another-Pw-42',
      cookie.split('=')[1],
      reset.token,
      'Bearer abc.def',
      's'.repeat(48),
    ]) {
      expect(log).not.toContain(secret);
    }
    const [row] = await p.db.select().from(passwordResetTokens);
    expect(log).not.toContain(row.tokenHash);
  });

  it('a line that logs a request, an answer or a body keeps their secrets out (the serializers)', async () => {
    p.app.log.info(
      {
        req: { method: 'POST', url: '/api/x?token=tok-in-url', headers: { cookie: 'va.sid=cookie-secret' } },
        res: { statusCode: 201, headers: { 'set-cookie': 'va.sid=set-cookie-secret' } },
        body: { password: 'body-password-secret', token: 'body-token-secret', firstName: 'Kept' },
      },
      'serializers check',
    );
    const line = p
      .log()
      .split('\n')
      .find((l) => l.includes('serializers check'));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!) as Record<string, Record<string, unknown>>;
    expect(logged.req).toEqual({ method: 'POST', url: '/api/x?token=[redacted]' });
    expect(logged.res).toEqual({ statusCode: 201 });
    expect(logged.body).toEqual({ password: '[Redacted]', token: '[Redacted]', firstName: 'Kept' });
    for (const secret of ['cookie-secret', 'set-cookie-secret', 'body-password-secret', 'body-token-secret'])
      expect(line).not.toContain(secret);
  });

  it('logs carry no referral code, signed-URL signature or test checkout session id', async () => {
    const code = 'VAQWERTYUPASDFGHJK';
    const sig = 'SiGnAtUrEvAlUe_123';
    const session = 'cs_test_0123456789abcdef0123456789abcdef';
    for (const url of [
      `/auth-page?referralCode=${code}&mode=register`,
      `/api/referrals/${code}`,
      `/api/referrals/${code.toLowerCase()}`,
      `/files/videos/a.mp4?expires=9999999999&sig=${sig}`,
      `/api/checkout/test/${session}`,
      `/checkout/test/${session}`,
    ]) {
      await p.app.inject({ method: 'GET', url });
    }
    await p.app.inject({ method: 'POST', url: `/api/referrals/${code}/complete`, payload: { userId: 1 } });
    const log = p.log();
    for (const secret of [code, code.toLowerCase(), sig, session]) expect(log).not.toContain(secret);
    expect(log).toContain('/api/referrals/[redacted]/complete');
    expect(log).toContain('referralCode=[redacted]&mode=register');
  });

  it('writes one access-log line per request, when it is answered, with its path, status and time', async () => {
    const before = p.log().length;
    await p.app.inject({ method: 'GET', url: '/api/health?probe=access-log' });
    await p.app.inject({ method: 'GET', url: '/api/no-such-route?probe=access-log' });
    const lines = p
      .log()
      .slice(before)
      .split('\n')
      .filter((l) => l.includes('probe=access-log'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(lines[0]).toMatchObject({
      req: { method: 'GET', url: '/api/health?probe=access-log' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines[1]).toMatchObject({ res: { statusCode: 404 } });
    // The fields in pino's order for a request's line: its id first, as a child logger writes it.
    expect(Object.keys(lines[0])).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(lines[0].reqId).not.toEqual(lines[1].reqId);
    // Arrivals are logged at debug level only; this app logs at info.
    expect(p.log()).not.toContain('incoming request');
  });

  it("a route's own log line and its access line carry the same request id", async () => {
    const before = p.log().length;
    const res = await p.app.inject({
      method: 'POST',
      url: '/api/webhook/webhooks/stripe?probe=req-id',
      headers: { 'stripe-signature': 't=1,v1=bad', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    const lines = p
      .log()
      .slice(before)
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const own = lines.find((l) => l.msg === 'stripe webhook refused: bad signature');
    const access = lines.find((l) => l.msg === 'request completed');
    expect(own?.reqId).toEqual(expect.stringMatching(/\S/));
    expect(access?.reqId).toBe(own?.reqId);
  });

  it('sends a page the Content-Security-Policy and the other helmet headers', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/p/no-such-player' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-instance-id']).toEqual(expect.stringMatching(/^[0-9a-f]{12}$/));
  });

  it('sends a JSON answer the headers a JSON answer needs (nothing allowed, no framing), not the page-only ones', async () => {
    for (const res of [
      await p.app.inject({ method: 'GET', url: '/api/health' }),
      await p.app.inject({ method: 'GET', url: '/api/players' }),
      await p.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['x-instance-id']).toEqual(expect.stringMatching(/^[0-9a-f]{12}$/));
      for (const pageOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ])
        expect(res.headers[pageOnly]).toBeUndefined();
    }
  });
});

describe('security', () => {
  it('refuses state changes from another origin with 403, allows its own origin and non-browser calls', async () => {
    const u = await createUser(t);
    const evil = await as(t, u, {
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ message: 'Cross-origin request refused', code: 'BAD_ORIGIN' });
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);

    const lookalike = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://localhost:5000.evil.example' },
      payload: { username: u.email, password: u.password },
    });
    expect(lookalike.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://localhost:5000' },
      payload: { username: u.email, password: u.password },
    });
    expect(own.statusCode).toBe(200);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.email, password: u.password },
    });
    expect(noOrigin.statusCode).toBe(200);
    const readElsewhere = await as(t, u, {
      method: 'GET',
      url: '/api/user',
      headers: { origin: 'https://evil.example' },
    });
    expect(readElsewhere.statusCode).toBe(200);
  });

  it('no auth endpoint returns a password, hash or token', async () => {
    const email = 'noleak@example.com';
    const password = 'Leak-Check-123';
    const bodies: string[] = [];
    const call = async (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) => {
      const res = await t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
      bodies.push(res.body);
      return res;
    };
    await call('POST', '/api/register', { username: email, email, password, firstName: 'N', lastName: 'L' });
    const verifyLink = linkFrom((await lastMailTo(t, email))!.text, '/verify-email');
    await call('POST', '/api/auth/resend-verification', { email });
    const resent = linkFrom((await lastMailTo(t, email))!.text, '/verify-email');
    await call('POST', '/api/auth/verify-email', { token: resent.token, email });
    const login = await call('POST', '/api/login', { username: email, password });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    await call('GET', '/api/user', undefined, cookie);
    await call('POST', '/api/reset-password', { email });
    const reset = linkFrom((await lastMailTo(t, email))!.text, '/reset-password');
    await call('POST', '/api/reset-password/confirm', {
      token: reset.token,
      email,
      password: 'Leak-Check-456',
    });
    await call('POST', '/api/logout', undefined, cookie);

    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    const all = bodies.join('\n');
    expect(bodies).toHaveLength(8);
    for (const secret of [
      password,
      'Leak-Check-456',
      row.password,
      verifyLink.token,
      resent.token,
      reset.token,
      row.emailVerificationToken!,
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/"(password|emailVerificationToken|tokenHash)"/);
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document at /api/docs, listing the auth routes', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/register',
      '/api/login',
      '/api/logout',
      '/api/user',
      '/api/reset-password',
      '/api/reset-password/confirm',
      '/api/auth/verify-email',
      '/api/auth/resend-verification',
    ]) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    const login = doc.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
  });
});
