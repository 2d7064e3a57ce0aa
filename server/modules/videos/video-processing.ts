import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema';
import { FfmpegError } from '../../lib/ffmpeg';
import type { JobHandlers } from '../../lib/jobs';
import type { Storage } from '../../lib/storage';
import { analyseLocalVideo, withLocalCopy } from './video-files';
import { ingestMedia } from './video-media';
import { VIDEO_JOB } from './videos.service';

/**
 * pending -> ready with a thumbnail and duration, or failed when ffmpeg cannot read the file.
 * Anything else (storage down) throws, and the job runner retries it.
 */
export async function processVideo(db: Db, storage: Storage, videoId: number) {
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!video || video.status !== 'pending' || !video.storageKey) return;
  const key = video.storageKey;
  try {
    // The probe (hash, exact rates, every frame's time, a working copy for HEVC) is what a measurement uses.
    const result = await withLocalCopy(storage, key, async (file) => {
      const media = await analyseLocalVideo(storage, file);
      await ingestMedia(db, storage, videoId, file);
      return media;
    });
    const [updated] = await db
      .update(videos)
      .set({ status: 'ready', thumbnail: result.thumbnailKey, durationSeconds: result.durationSeconds, error: null })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'pending')))
      .returning({ id: videos.id });
    if (!updated) await storage.remove(result.thumbnailKey);
  } catch (err) {
    if (!(err instanceof FfmpegError)) throw err;
    await db
      .update(videos)
      .set({ status: 'failed', error: 'The file could not be read as a video' })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'pending')));
  }
}

export const videoJobHandlers = (db: Db, storage: Storage): JobHandlers => ({
  [VIDEO_JOB]: (payload: { videoId: number }) => processVideo(db, storage, payload.videoId),
});
