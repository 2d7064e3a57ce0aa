import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makeThumbnail, probeVideo } from '../../lib/ffmpeg';
import type { Storage } from '../../lib/storage';
import { VIDEO_CONTENT_TYPES, type VideoExt } from './video-signature';

export const newVideoKey = (ext: VideoExt) => `videos/${randomUUID()}.${ext}`;
export const extOfKey = (key: string) => (key.split('.').pop() ?? 'mp4') as VideoExt;

/** A private scratch folder removed afterwards, whatever happens. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'va-video-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** ffmpeg needs a seekable file: the stored video is copied to a scratch file (storage may be remote). */
export function withLocalCopy<T>(
  storage: Storage,
  key: string,
  fn: (file: string) => Promise<T>,
): Promise<T> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, `video.${extOfKey(key)}`);
    await pipeline(await storage.read(key), createWriteStream(file));
    return fn(file);
  });
}

/** Reads the duration and stores a thumbnail; FfmpegError means the file is not a playable video. */
export async function analyseLocalVideo(storage: Storage, file: string) {
  const { durationSeconds } = await probeVideo(file);
  const thumbFile = `${file}.jpg`;
  await makeThumbnail(file, thumbFile, durationSeconds);
  const thumbnailKey = `thumbnails/${randomUUID()}.jpg`;
  await storage.put(thumbnailKey, createReadStream(thumbFile), 'image/jpeg');
  await rm(thumbFile, { force: true });
  return {
    durationSeconds: durationSeconds === null ? null : Math.round(durationSeconds * 100) / 100,
    thumbnailKey,
  };
}

export async function putLocalVideo(storage: Storage, file: string, ext: VideoExt) {
  const key = newVideoKey(ext);
  await storage.put(key, createReadStream(file), VIDEO_CONTENT_TYPES[ext]);
  return key;
}

export async function removeKeys(storage: Storage, keys: (string | null | undefined)[]) {
  await Promise.all(
    keys.filter((k): k is string => Boolean(k)).map((k) => storage.remove(k).catch(() => undefined)),
  );
}
