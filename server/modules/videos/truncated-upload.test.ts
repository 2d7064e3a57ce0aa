import { request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { UPLOAD_STALLED } from './video-intake';
import { createPlayer, sampleVideo } from '../analysis/analysis.fixtures';

let t: TestApp;
let owner: TestUser;
let playerId: number;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_IDLE_SECONDS: '1' });
  owner = await createUser(t);
  playerId = (await createPlayer(t, owner)).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const storedVideos = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'uploads', 'videos'));
  } catch {
    return [];
  }
};

/** A file part that stops after its first bytes, with no closing boundary; the request then ends. */
function truncatedBody(fileHead: Buffer) {
  const b = 'trunc42';
  const head = Buffer.from(
    `--${b}\r\nContent-Disposition: form-data; name="playerId"\r\n\r\n${playerId}\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  return { type: `multipart/form-data; boundary=${b}`, body: Buffer.concat([head, fileHead]) };
}

/** Sends the body over a real socket and ends the request; resolves with the answer (or rejects when the socket closes first). */
function postRaw(body: Buffer, type: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; json: any }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/videos/upload',
        headers: { 'content-type': type, cookie: owner.cookie },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            json: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a video upload whose file part is cut short', () => {
  it('after 3 bytes, once the request body ends: 400 in the JSON error shape, nothing stored', async () => {
    const rows = (await t.db.select().from(videos)).length;
    const { body, type } = truncatedBody(Buffer.from('abc'));
    const res = await postRaw(body, type);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      message: 'The upload could not be read. Please choose the file again.',
      code: 'VALIDATION_ERROR',
    });
    expect(storedVideos()).toEqual([]);
    expect(await t.db.select().from(videos)).toHaveLength(rows);
  });

  it('after a real video head: 400, nothing stored', async () => {
    const { body, type } = truncatedBody((await sampleVideo()).subarray(0, 4096));
    const res = await postRaw(body, type);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(storedVideos()).toEqual([]);
  });
});

describe('the same body through app.inject (the whole body is in before the fields are checked)', () => {
  it('answers 400 instead of waiting for a part the parser already ended', async () => {
    const { body, type } = truncatedBody(Buffer.from('abc'));
    const res = await as(t, owner, {
      method: 'POST',
      url: '/api/videos/upload',
      headers: { 'content-type': type },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The upload could not be read. Please choose the file again.',
    });
    expect(storedVideos()).toEqual([]);
  });
});

describe('a client that stops sending mid-body and keeps the socket open', () => {
  /** Raw socket: headers announce a long body, 3 bytes of the file follow, then nothing. */
  function stall(fileHead: Buffer) {
    const { body, type } = truncatedBody(fileHead);
    return new Promise<{ head: string; body: string; closed: boolean }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', rest = ''] = text.split('\r\n\r\n');
        resolve({ head, body: rest, closed: true });
      });
      socket.write(
        `POST /api/videos/upload HTTP/1.1\r\nHost: localhost\r\nCookie: ${owner.cookie}\r\n` +
          `Content-Type: ${type}\r\nContent-Length: ${body.length + 1_000_000}\r\n\r\n`,
      );
      socket.write(body);
    });
  }

  it('is answered 408 in the JSON error shape after UPLOAD_IDLE_SECONDS of silence, the socket is closed, nothing stored', async () => {
    const rows = (await t.db.select().from(videos)).length;
    const res = await stall(Buffer.from('abc'));
    expect(res.head).toMatch(/^HTTP\/1.1 408/);
    expect(res.head.toLowerCase()).toContain('connection: close');
    const json = JSON.parse(res.body.replace(/^[0-9a-f]+\r\n/, '').split('\r\n')[0]);
    expect(json).toEqual({ message: UPLOAD_STALLED, code: 'REQUEST_TIMEOUT' });
    expect(storedVideos()).toEqual([]);
    expect(await t.db.select().from(videos)).toHaveLength(rows);
  });

  it('mid-file (after a real video head has started streaming to storage): 408, the partial file removed', async () => {
    const res = await stall((await sampleVideo()).subarray(0, 4096));
    expect(res.head).toMatch(/^HTTP\/1.1 408/);
    expect(storedVideos()).toEqual([]);
  });
});
