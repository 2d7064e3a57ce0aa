import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are our own ("photos/3f2a.webp"), never a client's filename.
 * Every file is private: /files/<key> serves it only with an expiring signature (decisions 023, 197).
 */
export interface Storage {
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** URL a browser can fetch: /files/<key> with an expiring signature. */
  url(key: string, ttlSeconds?: number): string;
  verifySignature(key: string, expires: string, sig: string): boolean;
}

/** Local storage's scratch folder for files being written; no key can name it (keys start with a letter). */
export const PARTIAL_DIR = '.partial';

const KEY_RE = /^[a-z0-9-]+\/[A-Za-z0-9._-]+$/;
/** A player's photo or a video's thumbnail: shown in lists that are read again and again. */
export const isImageKey = (key: string) => key.startsWith('photos/') || key.startsWith('thumbnails/');
/**
 * An image's link ends on a whole hour and lives at least its ttl (so 1 to 2 hours by default): every
 * answer in the same hour gives the same link, which the browser's cache can keep (decision 197).
 */
export const IMAGE_URL_STEP_SECONDS = 3600;
export const assertKey = (key: string) => {
  if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
};

/** Every adapter serves through /files/<key> with our own expiring HMAC signature. */
export function createUrlSigner(secret: string): Pick<Storage, 'url' | 'verifySignature'> {
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  // A list signs a link per row on every read, and an image's link is the same for an hour: each (key,
  // expiry) is signed once and kept, the oldest dropped first (decision 215).
  const signed = new Map<string, string>();
  const sign = (key: string, expires: number) => {
    const text = `${key}:${expires}`;
    let sig = signed.get(text);
    if (sig === undefined) {
      sig = hmac(text);
      if (signed.size >= SIGNED_KEPT) signed.delete(signed.keys().next().value as string);
      signed.set(text, sig);
    }
    return sig;
  };
  return {
    url(key, ttlSeconds = 3600) {
      const end = Math.floor(Date.now() / 1000) + ttlSeconds;
      const step = IMAGE_URL_STEP_SECONDS;
      const expires = isImageKey(key) ? Math.ceil(end / step) * step : end;
      return `/files/${key}?expires=${expires}&sig=${sign(key, expires)}`;
    },
    verifySignature(key, expires, sig) {
      const exp = Number(expires);
      if (!Number.isFinite(exp) || exp < Date.now() / 1000) return false;
      const expected = Buffer.from(hmac(`${key}:${exp}`));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** How many signed links a process keeps (about 150 bytes each). */
const SIGNED_KEPT = 20_000;

const READ_CHUNK = 512 * 1024;

/** `partialTag` starts the name of every partial file, so an instance can find its own (decision 196). */
export function createLocalStorage(root: string, secret: string, partialTag = 'local'): Storage {
  const full = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    ...createUrlSigner(secret),
    async put(key, body, _contentType) {
      const file = full(key);
      // Written under a scratch name, renamed when complete: a process killed mid-write leaves its
      // bytes only in the partial area, which the storage sweep empties (never a half file under a real key).
      const partial = path.join(root, PARTIAL_DIR, `${partialTag}.${randomUUID()}.part`);
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(path.dirname(partial), { recursive: true });
      try {
        if (Buffer.isBuffer(body)) {
          await pipeline(async function* () {
            yield body;
          }, createWriteStream(partial));
        } else {
          await pipeline(body, createWriteStream(partial));
        }
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return { size: (await stat(file)).size };
    },
    async read(key, range) {
      // 512 KiB reads: serving a video costs one read and one socket write per 512 KiB instead of eight
      // (64 KiB by default), the main cost of serving video from this process (decision 142).
      return createReadStream(full(key), { ...range, highWaterMark: READ_CHUNK });
    },
    async size(key) {
      try {
        return (await stat(full(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
  };
}
