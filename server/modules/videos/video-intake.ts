import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError, badRequest } from '../../lib/app-error';
import { INVALID_UNICODE, NUL_IN_TEXT, hasLoneSurrogate, hasNul } from '../../plugins/errors';
import { sniffVideo, type VideoExt } from './video-signature';

export interface IntakeOptions<T> {
  fileField: string;
  maxBytes: number;
  /** Called with the text fields sent before the file, so a refusal comes before the upload. */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
  /** Streams the checked bytes somewhere; must consume the stream. */
  store: (checked: Readable, ext: VideoExt) => Promise<T>;
  /** Undoes `store` when anything later fails. */
  discard: (stored: T) => Promise<void>;
}

const tooLarge = (err: any) => err?.code === 'FST_REQ_FILE_TOO_LARGE' || err?.statusCode === 413;

/**
 * Reads a multipart form with one video file without holding it in memory: the file streams through
 * `store` once its first bytes prove it a video; the text fields are collected. Nothing stored survives a failure.
 */
export async function receiveVideo<T>(req: FastifyRequest, opts: IntakeOptions<T>) {
  if (!req.isMultipart()) throw badRequest('Expected a multipart form');
  const fields: Record<string, string> = {};
  let stored: { value: T; ext: VideoExt } | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 100, fieldSize: 10_000 } });
    for await (const part of parts) {
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
      await opts.beforeFile?.(fields);
      const ext = await sniffVideo(part.file);
      const value = await opts.store(part.file, ext).catch((err) => {
        throw tooLarge(err) ? new AppError('PAYLOAD_TOO_LARGE', 'File too large') : err;
      });
      if (part.file.truncated) {
        await opts.discard(value);
        throw new AppError('PAYLOAD_TOO_LARGE', 'File too large');
      }
      stored = { value, ext };
    }
  } catch (err) {
    if (stored) await opts.discard(stored.value);
    throw tooLarge(err) && !(err instanceof AppError) ? new AppError('PAYLOAD_TOO_LARGE', 'File too large') : err;
  }
  return { fields, file: stored };
}
