import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp } from '../test/helpers';
import { createS3Storage, signS3Request } from './storage-s3';

let server: any;
let dir: string;
let endpoint: string;
const BUCKET = 'va-test';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const storage = (accessKeyId = 'S3RVER') =>
  createS3Storage({
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey: 'S3RVER',
    secret: 'x'.repeat(32),
  });

const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('S3-compatible storage', () => {
  it('puts, sizes, reads (whole and by range) and removes an object with signed requests', async () => {
    const s = storage();
    expect(await s.put('photos/a.webp', Buffer.from('hello world'), 'image/webp')).toEqual({ size: 11 });
    expect(await s.size('photos/a.webp')).toBe(11);
    expect(await text(await s.read('photos/a.webp'))).toBe('hello world');
    expect(await text(await s.read('photos/a.webp', { start: 6, end: 10 }))).toBe('world');
    await s.remove('photos/a.webp');
    expect(await s.size('photos/a.webp')).toBeNull();
  });

  it('streams a large body without knowing its length in advance', async () => {
    const s = storage();
    const chunk = Buffer.alloc(256 * 1024, 'v');
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 8; i++) yield chunk;
      })(),
    );
    expect(await s.put('videos/b.mp4', body, 'video/mp4')).toEqual({ size: 8 * chunk.length });
    expect(await s.size('videos/b.mp4')).toBe(8 * chunk.length);
    expect(s.url('videos/b.mp4')).toMatch(/^\/files\/videos\/b\.mp4\?expires=\d+&sig=/);
  });

  it('reports a refusal by the server as an error', async () => {
    await expect(storage('UNKNOWNKEY').put('photos/c.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /S3 put failed: 403/,
    );
  });

  // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, the examples' credentials.
  const example = {
    datetime: '20130524T000000Z',
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };

  it('signs exactly as the AWS Signature Version 4 example "GET Object" (with a range)', async () => {
    const h = await signS3Request({
      ...example,
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect(h.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(h).toMatchObject({ 'x-amz-date': '20130524T000000Z', range: 'bytes=0-9' });
  });

  it('signs exactly as the AWS example "PUT Object" (a key to encode, a payload hash, more headers)', async () => {
    const h = await signS3Request({
      ...example,
      method: 'PUT',
      url: 'https://examplebucket.s3.amazonaws.com/test$file.text',
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    });
    expect(h.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('refuses keys that could escape the bucket layout', async () => {
    await expect(storage().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});

describe('the app with S3_ENDPOINT and S3_BUCKET set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(() => t.close());

  it('stores an uploaded photo in the bucket and serves it at /files/*', async () => {
    const user = await createUser(t);
    const fd = new FormData();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const req = new Request('http://x/', { method: 'POST', body: fd });
    const res = await as(t, user, {
      method: 'POST',
      url: '/api/upload',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')! },
    });
    expect(res.statusCode).toBe(200);
    const key = res.json().url.split('?')[0].replace('/files/', '');
    expect(await storage().size(key)).toBeGreaterThan(0);
    const file = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });
});
