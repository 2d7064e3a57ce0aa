import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the replica that answered', () => {
  it('is named on every answer, errors included, by one random id per process start', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/user' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'not-an-email' } }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400]);
    const ids = new Set(answers.map((r) => r.headers['x-instance-id']));
    expect([...ids]).toEqual([t.app.instanceId]);
    expect(t.app.instanceId).toMatch(/^[0-9a-f]{12}$/);
  });
});
