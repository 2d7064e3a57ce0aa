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

export interface S3Options {
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
    const amzDate = new Date().toISOString().replace(/[:-]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    const payloadHash = r.payloadHash ?? sha256('');
    const signed: Record<string, string> = {
      host: base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
    };
    const names = Object.keys(signed).sort();
    const canonical = [
      r.method, canonicalUri, '', ...names.map((n) => `${n}:${signed[n]}`), '', names.join(';'), payloadHash,
    ].join('\n');
    const scope = `${day}/${opts.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const kSigning = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day), opts.region), 's3'), 'aws4_request');
    const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
    const headers = {
      ...r.headers,
      ...signed,
      authorization: `AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    };
    const client = base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        { protocol: base.protocol, hostname: base.hostname, port: base.port, method: r.method, path: canonicalUri, headers },
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
          method: 'PUT', key, body, payloadHash: sha256(body),
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
        await pipeline(body, async function* (src) {
          for await (const chunk of src) {
            hash.update(chunk);
            yield chunk;
          }
        }, createWriteStream(tmp));
        const size = (await stat(tmp)).size;
        const res = await request({
          method: 'PUT', key, body: createReadStream(tmp), payloadHash: hash.digest('hex'),
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
      return res as Readable;
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
