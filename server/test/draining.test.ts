/**
 * A replica draining after SIGTERM (app.close()) serves a request that reaches it on a connection
 * still open, and says Connection: close, instead of answering 503: nginx then needs no retry of 503s,
 * which would mark every replica failed while the database is away (decision 204).
 */
import { connect, type AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => rmSync(t.dataDir, { recursive: true, force: true }));

it('a request that arrives while the app closes is served with Connection: close, not answered 503', async () => {
  const socket = connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let raw = '';
  socket.on('data', (c: Buffer) => (raw += c.toString()));
  const ended = new Promise((r) => socket.once('close', r));
  // The request has begun, so the connection is not idle and closing does not drop it.
  socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
  await new Promise((r) => setTimeout(r, 100));
  const closed = t.app.close();
  await new Promise((r) => setTimeout(r, 100));
  socket.write('\r\n');
  await ended;
  await closed;
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).toLowerCase();
  expect(head.split('\r\n')[0]).toBe('http/1.1 200 ok');
  expect(head).toContain('connection: close');
  expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 'ok' });
});
