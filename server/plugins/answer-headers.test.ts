import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import answerHeaders, { isJsonType } from './answer-headers';

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

describe('the headers of a kind of answer', () => {
  const kinds = Fastify();
  beforeAll(async () => {
    await kinds.register(answerHeaders);
    kinds.answerHeaders({ 'x-every': 'yes', 'x-frame-options': 'SAMEORIGIN' });
    kinds.answerHeaders({ 'x-document': 'yes' }, 'documents');
    kinds.answerHeaders({ 'x-json': 'yes', 'x-frame-options': 'DENY' }, 'json');
    kinds.answerHeaders({ 'cache-control': 'no-store' }, 'api');
    kinds.get('/api/data', async () => ({ ok: true }));
    kinds.get('/api/page', async (_req, reply) => reply.type('text/html; charset=utf-8').send('<p>hi</p>'));
    kinds.get('/api/cached', async (_req, reply) =>
      reply.header('Cache-Control', 'private, max-age=60').send({ ok: 1 }),
    );
    kinds.get('/api/problem', async (_req, reply) => reply.type('application/problem+json').send('{}'));
    kinds.get('/page', async (_req, reply) => reply.type('text/html').send('<p>hi</p>'));
    kinds.get('/data.json', async () => ({ ok: true }));
    await kinds.ready();
  });
  afterAll(() => kinds.close());

  const sent = async (url: string) => (await kinds.inject({ method: 'GET', url })).headers;

  it("a JSON answer under /api/ carries every answer's, the JSON ones (which win) and the API ones", async () => {
    for (const url of ['/api/data', '/api/problem', '/api/nowhere']) {
      const h = await sent(url);
      expect(h, url).toMatchObject({
        'x-every': 'yes',
        'x-json': 'yes',
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      });
      expect(h['x-document'], url).toBeUndefined();
    }
  });

  it("a page under /api/ carries the document ones and the API ones; a route's own value wins", async () => {
    expect(await sent('/api/page')).toMatchObject({
      'x-every': 'yes',
      'x-document': 'yes',
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': 'no-store',
    });
    expect((await sent('/api/page'))['x-json']).toBeUndefined();
    expect((await sent('/api/cached'))['cache-control']).toBe('private, max-age=60');
  });

  it('an answer elsewhere carries no API header', async () => {
    const page = await sent('/page');
    expect(page).toMatchObject({ 'x-every': 'yes', 'x-document': 'yes' });
    expect(page['cache-control']).toBeUndefined();
    const json = await sent('/data.json');
    expect(json).toMatchObject({ 'x-every': 'yes', 'x-json': 'yes' });
    expect(json['cache-control']).toBeUndefined();
    expect(json['x-document']).toBeUndefined();
  });
});

describe('isJsonType', () => {
  it('knows JSON and +json media types, with or without parameters, and nothing else', () => {
    for (const t of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/problem+json',
    ])
      expect(isJsonType(t), t).toBe(true);
    for (const t of ['text/html', 'text/json', 'application/pdf', 'application/jsonp', undefined, 42])
      expect(isJsonType(t), String(t)).toBe(false);
  });
});
