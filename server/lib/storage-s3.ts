import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsV4Signer } from 'aws4fetch';
import { assertKey, createUrlSigner, type Storage } from './storage';

interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Signs our own /files URLs for private keys, as the local adapter does. */
  secret: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * AWS Signature Version 4 by aws4fetch's signer, every header given signed (host too, from the URL).
 * Returns the headers to send: those given, x-amz-content-sha256, x-amz-date and authorization.
 * `datetime` (`20130524T000000Z`) is for tests; `cache` keeps the day's signing key between requests.
 */
export async function signS3Request(r: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  datetime?: string;
  cache?: Map<string, ArrayBuffer>;
}): Promise<Record<string, string>> {
  const signed = await new AwsV4Signer({
    method: r.method,
    url: r.url,
    headers: { ...r.headers, 'x-amz-content-sha256': r.payloadHash },
    service: 's3',
    region: r.region,
    accessKeyId: r.accessKeyId,
    secretAccessKey: r.secretAccessKey,
    datetime: r.datetime,
    cache: r.cache,
    allHeaders: true,
  }).sign();
  return Object.fromEntries(signed.headers);
}

interface S3Request {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  key: string;
  payloadHash?: string;
  headers?: Record<string, string>;
  body?: Buffer | Readable;
}

/**
 * A small S3 client (path-style URLs, AWS Signature Version 4 signed by aws4fetch) so any S3-compatible service works
 * without the full SDK. Objects stay private in the bucket; browsers get them through /files/*.
 */
export function createS3Storage(opts: S3Options): Storage {
  const base = new URL(opts.endpoint);
  const prefix = base.pathname.replace(/\/$/, '');

  const signingKeys = new Map<string, ArrayBuffer>();

  async function request(r: S3Request): Promise<IncomingMessage> {
    assertKey(r.key);
    // Keys and bucket names are made of characters that need no encoding, so this path is the one signed.
    const canonicalUri = `${prefix}/${encodeURIComponent(opts.bucket)}/${r.key.split('/').map(encodeURIComponent).join('/')}`;
    const headers = {
      ...(await signS3Request({
        method: r.method,
        url: `${base.protocol}//${base.host}${canonicalUri}`,
        headers: r.headers ?? {},
        payloadHash: r.payloadHash ?? sha256(''),
        region: opts.region,
        accessKeyId: opts.accessKeyId,
        secretAccessKey: opts.secretAccessKey,
        cache: signingKeys,
      })),
      host: base.host,
    };
    const client = base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          method: r.method,
          path: canonicalUri,
          headers,
        },
        resolve,
      );
      req.on('error', reject);
      if (!r.body) req.end();
      else if (Buffer.isBuffer(r.body)) req.end(r.body);
      else r.body.on('error', (e) => req.destroy(e)).pipe(req);
    });
  }

  async function expectOk(res: IncomingMessage, what: string) {
    if (res.statusCode && res.statusCode < 300) return;
    const body = await readAll(res).catch(() => '');
    throw new Error(`S3 ${what} failed: ${res.statusCode} ${String(body).slice(0, 200)}`);
  }

  return {
    ...createUrlSigner(opts.secret),
    async put(key, body, contentType) {
      if (Buffer.isBuffer(body)) {
        const res = await request({
          method: 'PUT',
          key,
          body,
          payloadHash: sha256(body),
          headers: { 'content-type': contentType, 'content-length': String(body.length) },
        });
        await expectOk(res, 'put');
        res.resume();
        return { size: body.length };
      }
      // S3 needs the length and hash up front: spool the stream to a temp file first.
      const tmp = path.join(tmpdir(), `s3-upload-${randomUUID()}`);
      try {
        const hash = createHash('sha256');
        await pipeline(
          body,
          async function* (src) {
            for await (const chunk of src) {
              hash.update(chunk);
              yield chunk;
            }
          },
          createWriteStream(tmp),
        );
        const size = (await stat(tmp)).size;
        const res = await request({
          method: 'PUT',
          key,
          body: createReadStream(tmp),
          payloadHash: hash.digest('hex'),
          headers: { 'content-type': contentType, 'content-length': String(size) },
        });
        await expectOk(res, 'put');
        res.resume();
        return { size };
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async read(key, range) {
      const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
      const res = await request({ method: 'GET', key, headers });
      await expectOk(res, 'read');
      return res;
    },
    async size(key) {
      const res = await request({ method: 'HEAD', key });
      res.resume();
      if (res.statusCode === 404) return null;
      await expectOk(res, 'head');
      return Number(res.headers['content-length'] ?? 0);
    },
    async remove(key) {
      const res = await request({ method: 'DELETE', key });
      res.resume();
      if (res.statusCode !== 404) await expectOk(res, 'delete');
    },
  };
}

async function readAll(res: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of res) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
