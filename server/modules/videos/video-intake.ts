import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError, badRequest } from '../../lib/app-error';
import { INVALID_UNICODE, NUL_IN_TEXT, hasLoneSurrogate, hasNul } from '../../lib/input-guards';
import { VIDEO_NAME_MAX } from '../../../contract/videos';
import { sniffVideo, type VideoExt } from './video-signature';

interface IntakeOptions<T> {
  fileField: string;
  maxBytes: number;
  /** A body that sends nothing for this long is ended with 408 (default 60 s). */
  idleMs?: number;
  /** Called with the text fields sent before the file, so a refusal comes before the upload. */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
  /** Streams the checked bytes somewhere; must consume the stream. */
  store: (checked: Readable, ext: VideoExt) => Promise<T>;
  /** Undoes `store` when anything later fails. */
  discard: (stored: T) => Promise<void>;
}

const tooLarge = (err: any) => err?.code === 'FST_REQ_FILE_TOO_LARGE' || err?.statusCode === 413;
export const UPLOAD_STALLED = 'The upload stopped arriving. Please check your connection and try again.';

/**
 * Ends a body that stops arriving: every chunk re-arms the timer; when it fires, the file part being
 * read is destroyed with the error and the wait for the next part gives up, so the request answers
 * 408 instead of holding its socket and scratch file until the client goes away.
 */
function idleWatch(req: FastifyRequest, ms: number) {
  let current: Readable | null = null;
  let fail: (err: AppError) => void = () => undefined;
  const stalled = new Promise<never>((_, reject) => {
    fail = reject;
  });
  stalled.catch(() => undefined);
  const fire = () => {
    const err = new AppError('REQUEST_TIMEOUT', UPLOAD_STALLED);
    current?.destroy(err);
    fail(err);
  };
  let timer = setTimeout(fire, ms);
  const onData = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, ms);
  };
  const stop = () => {
    clearTimeout(timer);
    req.raw.off('data', onData);
    req.raw.off('end', stop);
  };
  req.raw.on('data', onData);
  // Once the whole body is in, nothing can stall: what is left is our own work.
  req.raw.on('end', stop);
  return {
    stalled,
    watch: (file: Readable | null) => {
      current = file;
    },
    stop,
  };
}

const CONTROL = /\p{Cc}+/gu;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A clip's name from its uploaded file's name (decision 259): any folder and the extension dropped, control
 * characters as spaces, trimmed and cut at `VIDEO_NAME_MAX` (never inside a character); null when nothing is left.
 */
function clipNameOf(fileName: string | undefined): string | null {
  const base = (fileName ?? '').replace(/^.*[\\/]/, '');
  const stem = base
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(CONTROL, ' ')
    .replace(LONE_SURROGATES, '\uFFFD')
    .trim();
  let name = stem.slice(0, VIDEO_NAME_MAX);
  if (/[\uD800-\uDBFF]$/.test(name)) name = name.slice(0, -1);
  return name.trimEnd() || null;
}

/**
 * Reads a multipart form with one video file without holding it in memory: the file streams through
 * `store` once its first bytes prove it a video; the text fields are collected, and the file's name as a clip's
 * name (`clipNameOf`). Nothing stored survives a failure.
 */
export async function receiveVideo<T>(req: FastifyRequest, opts: IntakeOptions<T>) {
  if (!req.isMultipart()) throw badRequest('Expected a multipart form');
  const fields: Record<string, string> = {};
  let stored: { value: T; ext: VideoExt; name: string | null } | null = null;
  const idle = idleWatch(req, opts.idleMs ?? 60_000);
  try {
    const parts = req
      .parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 100, fieldSize: 10_000 } })
      [Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([parts.next(), idle.stalled]);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        const value = String(part.value ?? '');
        if (hasNul(value) || hasNul(part.fieldname)) throw badRequest(NUL_IN_TEXT);
        if (hasLoneSurrogate(value) || hasLoneSurrogate(part.fieldname)) throw badRequest(INVALID_UNICODE);
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== opts.fileField || stored) {
        part.file.resume();
        continue;
      }
      idle.watch(part.file);
      await Promise.race([opts.beforeFile?.(fields), idle.stalled]);
      const ext = await sniffVideo(part.file);
      const value = await opts.store(part.file, ext).catch((err) => {
        throw tooLarge(err) ? new AppError('PAYLOAD_TOO_LARGE', 'File too large') : err;
      });
      if (part.file.truncated) {
        await opts.discard(value);
        throw new AppError('PAYLOAD_TOO_LARGE', 'File too large');
      }
      idle.watch(null);
      stored = { value, ext, name: clipNameOf(part.filename) };
    }
  } catch (err) {
    if (stored) await opts.discard(stored.value);
    throw tooLarge(err) && !(err instanceof AppError)
      ? new AppError('PAYLOAD_TOO_LARGE', 'File too large')
      : err;
  } finally {
    idle.stop();
  }
  return { fields, file: stored };
}
