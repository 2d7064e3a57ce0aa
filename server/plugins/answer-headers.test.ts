import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import answerHeaders from './answer-headers';

const app = Fastify();
beforeAll(async () => {
  // A hook that runs before the plugin's: what it sets is kept.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('x-early', 'set first');
    done();
  });
  await app.register(answerHeaders);
  app.answerHeaders({ 'X-Frame-Options': 'SAMEORIGIN', 'x-instance-id': 'abc123' });
  app.answerHeaders({ 'content-security-policy': "default-src 'self'" });
  app.get('/plain', async () => ({ ok: true }));
  app.get('/own', async (_req, reply) => {
    reply.header('x-frame-options', 'DENY').header('x-route', 'mine');
    return { ok: true };
  });
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
});
afterAll(() => app.close());

const every = {
  'x-frame-options': 'SAMEORIGIN',
  'x-instance-id': 'abc123',
  'content-security-policy': "default-src 'self'",
};

describe('the headers every answer carries', () => {
  it('are on an answer, an error and a 404, names lower-cased, with what an earlier hook set', async () => {
    for (const [url, status] of [
      ['/plain', 200],
      ['/fails', 500],
      ['/nowhere', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.headers).toMatchObject({ ...every, 'x-early': 'set first' });
    }
  });

  it('give way to what a route sets, which is added to them', async () => {
    const res = await app.inject({ method: 'GET', url: '/own' });
    expect(res.headers).toMatchObject({ ...every, 'x-frame-options': 'DENY', 'x-route': 'mine' });
    // The next answer has its own copy: the route's change did not stick.
    const next = await app.inject({ method: 'GET', url: '/plain' });
    expect(next.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(next.headers['x-route']).toBeUndefined();
  });

  it('are fixed once the app has answered', async () => {
    await app.inject({ method: 'GET', url: '/plain' });
    expect(() => app.answerHeaders({ 'x-late': '1' })).toThrow(/fixed/);
  });
});
