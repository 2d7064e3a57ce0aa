import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * AWS Signature Version 4 for a request without a query string; every header given is signed.
 * Returns the headers to send: x-amz-date, x-amz-content-sha256 and authorization.
 */
export function signV4(r: {
  method: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  date: Date;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}) {
  const amzDate = r.date.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const all: Record<string, string> = {
    ...r.headers,
    'x-amz-content-sha256': r.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(all)
    .map((n) => n.toLowerCase())
    .sort();
  const value = (n: string) => String(Object.entries(all).find(([k]) => k.toLowerCase() === n)![1]).trim();
  const canonical = [
    r.method,
    r.path,
    '',
    ...names.map((n) => `${n}:${value(n)}`),
    '',
    names.join(';'),
    r.payloadHash,
  ].join('\n');
  const scope = `${day}/${r.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const kSigning = hmac(hmac(hmac(hmac(`AWS4${r.secretAccessKey}`, day), r.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return {
    'x-amz-date': amzDate,
    'x-amz-content-sha256': r.payloadHash,
    authorization: `AWS4-HMAC-SHA256 Credential=${r.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

interface S3Request {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  key: string;
  payloadHash?: string;
  headers?: Record<string, string>;
  body?: Buffer | Readable;
}

/**
 * A small S3 client (path-style URLs, AWS Signature Version 4) so any S3-compatible service works
 * without the full SDK. Objects stay private in the bucket; browsers get them through /files/*.
 */
export function createS3Storage(opts: S3Options): Storage {
  const base = new URL(opts.endpoint);
  const prefix = base.pathname.replace(/\/$/, '');

  function request(r: S3Request): Promise<IncomingMessage> {
    assertKey(r.key);
    const canonicalUri = `${prefix}/${encodeURIComponent(opts.bucket)}/${r.key.split('/').map(encodeURIComponent).join('/')}`;
    const payloadHash = r.payloadHash ?? sha256('');
    const signed: Record<string, string> = {
      host: base.host,
      ...(r.headers?.range ? { range: r.headers.range } : {}),
    };
    const headers = {
      ...r.headers,
      host: base.host,
      ...signV4({
        method: r.method,
        path: canonicalUri,
        headers: signed,
        payloadHash,
        date: new Date(),
        ...opts,
      }),
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
