import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, analyticsEvents } from '../db/schema';
import { INVALID_UNICODE, TOO_DEEP } from '../lib/input-guards';
import { createPlayer, positionId } from '../modules/analysis/analysis.fixtures';
import { as, createTestApp, createUser, type TestApp, type TestUser } from './helpers';

let t: TestApp;
let u: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await createUser(t, { credits: 2, igaCredits: 2 });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const expectJsonError = (res: { statusCode: number; json(): any; body: string }, status = 400) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ message: expect.any(String), code: 'VALIDATION_ERROR' });
};

describe('malformed multipart bodies are a 400, not a 500', () => {
  for (const url of ['/api/upload', '/api/videos/upload']) {
    it(`${url}: missing boundary, junk, truncated parts`, async () => {
      const bodies: [string, string][] = [
        ['multipart/form-data', 'junk'],
        ['multipart/form-data; boundary=xyz', 'junk junk junk'],
        ['multipart/form-data; boundary=xyz', '--xyz\r\nno header end'],
        [
          'multipart/form-data; boundary=xyz',
          '--xyz\r\nContent-Disposition: form-data; name="playerId"\r\n\r\n',
        ],
      ];
      // A file part cut short after its first bytes (no closing boundary); on a real socket too in videos/truncated-upload.test.ts.
      bodies.push([
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
      ]);
      for (const [type, payload] of bodies) {
        const res = await as(t, u, { method: 'POST', url, headers: { 'content-type': type }, payload });
        expectJsonError(res);
        expect(res.json().message).toBe('The upload could not be read. Please choose the file again.');
      }
    });
  }
});

describe('a lone UTF-16 surrogate never reaches a JSON or text column', () => {
  it('analytics events (anonymous) and IGA notes answer 400 and store nothing', async () => {
    const before = (await t.db.select().from(analyticsEvents)).length;
    for (const payload of [
      '{"name":"page_view","path":"/x\\ud800"}',
      '{"name":"page_view","path":"/x","params":{"k":"\\udc00 tail"}}',
      '{"name":"page_view","path":"/x","params":{"\\ud83d":"v"}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectJsonError(res);
      expect(res.json().message).toBe(INVALID_UNICODE);
    }
    expect(await t.db.select().from(analyticsEvents)).toHaveLength(before);

    const player = await createPlayer(t, u);
    const body = {
      playerId: player.id,
      positionId: await positionId(t, 'WR'),
      hudlUrl: 'https://www.hudl.com/v/1',
      startTime: '01:00',
      season: 2024,
      notes: 'fast \ud800 runner',
    };
    const res = await as(t, u, { method: 'POST', url: '/api/iga-analysis-requests', payload: body });
    expectJsonError(res);
    expect(res.json().message).toBe(INVALID_UNICODE);
    expect(await t.db.select().from(analysisRequests)).toHaveLength(0);
    const paired = await as(t, u, {
      method: 'POST',
      url: '/api/iga-analysis-requests',
      payload: { ...body, notes: 'fast 🏈 runner' },
    });
    expect(paired.statusCode, paired.body).toBe(201);
  });
});

describe('JSON nesting is bounded on every route', () => {
  const deepArray = '['.repeat(5000) + ']'.repeat(5000);
  const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
  it('5,000-deep JSON on the admin echo route is a 400', async () => {
    for (const payload of [deepArray, deepObject]) {
      const res = await as(t, admin, {
        method: 'POST',
        url: '/api/webhook/test-body',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectJsonError(res);
      expect(res.json().message).toBe(TOO_DEEP);
    }
  });

  it('on an ordinary route too, while 64 levels still parse', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: deepObject,
    });
    expectJsonError(res);
    expect(res.json().message).toBe(TOO_DEEP);
    const ok = '{"name":"page_view","path":"/x","params":' + '{"a":'.repeat(60) + '1' + '}'.repeat(60) + '}';
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json' },
      payload: ok,
    });
    expect(fine.statusCode).toBeLessThan(500);
    expect(fine.body).not.toContain(TOO_DEEP);
  });

  it('brackets inside strings do not count as nesting', async () => {
    const payload = JSON.stringify({ name: 'page_view', path: `/${'['.repeat(200)}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain(TOO_DEEP);
  });
});
