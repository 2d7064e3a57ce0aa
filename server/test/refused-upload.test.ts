import { connect, type AddressInfo, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, multipart, positionId, requestSpeed } from '../modules/analysis/analysis.fixtures';
import { DRAIN_MAX_BYTES } from '../plugins/unread-body';
import { createTestApp, createUser, type TestApp, type TestUser } from './helpers';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let analyst: TestUser;
let playerId: number;
let requestId: number;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { credits: 2 });
  stranger = await createUser(t);
  analyst = await createUser(t, { role: 'analyst' });
  playerId = (await createPlayer(t, owner)).id;
  requestId = (await requestSpeed(t, owner, playerId, await positionId(t, 'WR'))).json().id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: string;
  body: string;
}

/** Reads HTTP/1.1 answers off one socket, in order; each waits for its whole Content-Length body. */
function answers(socket: Socket) {
  let buf = Buffer.alloc(0);
  const waiting: ((a: Answer) => void)[] = [];
  const pump = () => {
    while (waiting.length) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = buf.subarray(0, end).toString();
      const length = Number(/content-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
      if (buf.length < end + 4 + length) return;
      const body = buf.subarray(end + 4, end + 4 + length).toString();
      buf = buf.subarray(end + 4 + length);
      waiting.shift()!({ status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body });
    }
  };
  socket.on('data', (c) => {
    buf = Buffer.concat([buf, c]);
    pump();
  });
  return () =>
    new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5000);
      socket.once('close', () => reject(new Error('socket closed before the answer')));
      waiting.push((a) => {
        clearTimeout(timer);
        resolve(a);
      });
      pump();
    });
}

/** A refused multipart upload, then a second request on the SAME keep-alive socket. */
async function refusedThenNext(url: string, user: TestUser, body: ReturnType<typeof multipart>) {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const next = answers(socket);
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\nCookie: ${user.cookie}\r\n` +
      `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
  );
  socket.write(body.payload);
  const first = await next();
  socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  const second = await next().finally(() => socket.destroy());
  return { first, second };
}

const notAVideo = () => ({
  field: 'file',
  name: 'notes.mp4',
  type: 'video/mp4',
  data: randomBytes(300 * 1024),
});

describe('a refused upload leaves its keep-alive socket usable', () => {
  it('video upload of a file that is not a video: 415, then the next request is answered', async () => {
    const { first, second } = await refusedThenNext(
      '/api/videos/upload',
      owner,
      multipart({ playerId }, notAVideo()),
    );
    expect(first.status).toBe(415);
    expect(first.headers).toContain('connection: keep-alive');
    expect(second.status).toBe(200);
  });

  it("video upload for another family's player: 404, then the next request is answered", async () => {
    const { first, second } = await refusedThenNext(
      '/api/videos/upload',
      stranger,
      multipart({ playerId }, notAVideo()),
    );
    expect(first.status).toBe(404);
    expect(second.status).toBe(200);
  });

  it('photo upload of a file that is not an image: 415, then the next request is answered', async () => {
    const { first, second } = await refusedThenNext(
      '/api/upload',
      owner,
      multipart({}, { ...notAVideo(), name: 'a.png', type: 'image/png' }),
    );
    expect(first.status).toBe(415);
    expect(second.status).toBe(200);
  });

  it('source video of a request that does not exist: 404, then the next request is answered', async () => {
    const { first, second } = await refusedThenNext(
      '/api/analysis-requests/999999/source-video',
      analyst,
      multipart({}, notAVideo()),
    );
    expect(first.status).toBe(404);
    expect(second.status).toBe(200);
  });

  it('source video that is not a video: 415, then the next request is answered', async () => {
    const { first, second } = await refusedThenNext(
      `/api/analysis-requests/${requestId}/source-video`,
      analyst,
      multipart({}, notAVideo()),
    );
    expect(first.status).toBe(415);
    expect(second.status).toBe(200);
  });

  it('completion of a request that does not exist: 404, then the next request is answered', async () => {
    const { first, second } = await refusedThenNext(
      '/api/analysis-requests/999999/complete',
      analyst,
      multipart({ maxSpeed: '20.1' }, { ...notAVideo(), field: 'video' }),
    );
    expect(first.status).toBe(404);
    expect(second.status).toBe(200);
  });

  it('completion with a processed video that is not a video: 415, then the next request is answered', async () => {
    const { first, second } = await refusedThenNext(
      `/api/analysis-requests/${requestId}/complete`,
      analyst,
      multipart({}, { ...notAVideo(), field: 'video' }),
    );
    expect(first.status).toBe(415);
    expect(second.status).toBe(200);
  });

  it('an upload by a caller without the role: 403, then the next request is answered', async () => {
    const { first, second } = await refusedThenNext(
      `/api/analysis-requests/${requestId}/source-video`,
      owner,
      multipart({}, notAVideo()),
    );
    expect(first.status).toBe(403);
    expect(second.status).toBe(200);
  });
});

describe('a refused upload longer than the server reads to keep a connection', () => {
  it('is answered with Connection: close and the socket is closed, not left hanging', async () => {
    const body = multipart({ playerId }, { ...notAVideo(), data: randomBytes(DRAIN_MAX_BYTES + 1024) });
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const next = answers(socket);
    socket.write(
      `POST /api/videos/upload HTTP/1.1\r\nHost: localhost\r\nCookie: ${owner.cookie}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload);
    const first = await next();
    expect(first.status).toBe(415);
    expect(first.headers).toContain('connection: close');
    await closed;
  });
});
