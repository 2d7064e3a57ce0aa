import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { keepBounded } from '../lib/kept-in-memory';

/**
 * Kept answers travel compressed (decision 236): an answer kept as bytes (the hot reads' JSON, a public
 * profile's page) is compressed once per encoding, on the first request that accepts it, and that copy is
 * sent to every later one until the answer is dropped. Nothing is compressed per request.
 */

/** Smaller answers go as they are: a compressed copy would save little and cost a header. */
export const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send an answer in: brotli, else gzip, when the request accepts it (`Accept-Encoding`: a
 * `q` of 0 refuses one, `*` accepts any not refused); none otherwise.
 */
export function encodingFor(accept: string | string[] | undefined): Encoding | null {
  if (typeof accept !== 'string' || accept === '') return null;
  // Browsers send one of a few texts: each is read once (a kept answer's every request asks).
  let known = chosen.get(accept);
  if (known === undefined) keepBounded(chosen, accept, (known = parseAccept(accept)), 100);
  return known;
}
const chosen = new Map<string, Encoding | null>();

function parseAccept(accept: string): Encoding | null {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    (q !== undefined && !(Number(q.slice(2)) > 0) ? refused : accepted).add(name.trim());
  }
  const takes = (name: string) => accepted.has(name) || (accepted.has('*') && !refused.has(name));
  if (takes('br')) return 'br';
  if (takes('gzip') || accepted.has('x-gzip')) return 'gzip';
  return null;
}

/** Each answer's compressed copies, made on the first request that asks for one, gone with the answer. */
const copies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

export function compressedCopy(bytes: Buffer, encoding: Encoding): Buffer {
  let made = copies.get(bytes);
  if (!made) copies.set(bytes, (made = {}));
  return (made[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(bytes, {
          params: {
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            // Quality 5: within a few percent of 11's size on JSON, at a fraction of its time.
            [zlib.BROTLI_PARAM_QUALITY]: 5,
            [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : gzipSync(bytes, { level: 6 }));
}

/**
 * Sends bytes that stay the same from one request to the next (the reply's type already set): compressed
 * when the request accepts it and they are large enough to gain, always with `Vary: Accept-Encoding`.
 */
export function sendBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const encoding =
    bytes.length >= COMPRESS_FROM_BYTES ? encodingFor(reply.request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(bytes);
  return reply.header('content-encoding', encoding).send(compressedCopy(bytes, encoding));
}
