import { randomUUID } from 'node:crypto';
import { PHOTO_NOT_IMAGE } from '../../../contract/players';
import { AppError } from '../../lib/app-error';
import { ImageError, toWebp } from '../../lib/images';
import type { Storage } from '../../lib/storage';

/**
 * Judges the bytes, not the name: only a decodable PNG/JPEG/WebP/GIF is kept, re-encoded to WebP
 * without metadata, under a key of our own. Nothing is stored unless every step succeeded.
 */
export async function storePhoto(storage: Storage, bytes: Buffer) {
  let webp: Buffer;
  try {
    webp = await toWebp(bytes);
  } catch (err) {
    if (err instanceof ImageError && err.reason === 'too-many-pixels') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Image dimensions are too large. Please use a smaller photo.');
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_NOT_IMAGE);
  }
  const key = `photos/${randomUUID()}.webp`;
  await storage.put(key, webp, 'image/webp');
  return { url: storage.url(key) };
}
