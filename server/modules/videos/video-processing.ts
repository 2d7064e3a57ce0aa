import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema';
import { FfmpegError } from '../../lib/ffmpeg';
import { notifyJobWorkers, type JobHandlers } from '../../lib/jobs';
import type { Storage } from '../../lib/storage';
import { analyseLocalVideo, withLocalCopy } from './video-files';
import { ingestMedia } from './video-media';
import { enqueueReadiness } from './video-readiness';
import { markUnreadable, unreadableJobHandlers, type UnreadableOptions } from './video-unreadable';
import { VIDEO_JOB } from './videos.service';

/**
 * pending -> ready with a thumbnail and duration, or failed when ffmpeg cannot read the file.
 * Anything else (storage down) throws, and the job runner retries it.
 */
async function processVideo(db: Db, storage: Storage, videoId: number, unreadable: UnreadableOptions = {}) {
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!video || video.status !== 'pending' || !video.storageKey) return;
  const key = video.storageKey;
  try {
    // The probe (hash, exact rates, every frame's time, a working copy for HEVC) is what a measurement uses.
    const result = await withLocalCopy(storage, key, async (file) => {
      const media = await analyseLocalVideo(storage, file);
      const probed = await ingestMedia(db, storage, videoId, file);
      return { ...media, probeFailed: probed.status === 'failed' };
    });
    // Ready, and its check for each kind measured from a clip queued with it (decision 247).
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(videos)
        .set({
          status: 'ready',
          thumbnail: result.thumbnailKey,
          durationSeconds: result.durationSeconds,
          error: null,
        })
        .where(and(eq(videos.id, videoId), eq(videos.status, 'pending')))
        .returning({ id: videos.id });
      if (row) await enqueueReadiness(tx, videoId);
      return row;
    });
    if (updated) notifyJobWorkers();
    if (!updated) await storage.remove(result.thumbnailKey);
    // Plays, but the probe cannot read it frame by frame: it can never be measured (decision 132).
    else if (result.probeFailed) await markUnreadable(db, videoId, unreadable);
  } catch (err) {
    if (!(err instanceof FfmpegError)) throw err;
    const [failed] = await db
      .update(videos)
      .set({ status: 'failed', error: 'The file could not be read as a video' })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'pending')))
      .returning({ id: videos.id });
    if (!failed) return;
    await markUnreadable(db, videoId, { ...unreadable, fileRemoved: true });
    await removeUnreadableFile(db, storage, videoId, key);
  }
}

/**
 * Nothing in an unreadable file can be played or measured: it goes at once and only the row stays,
 * so the library can say what happened until the removal date (decision 132, amended by 196). The
 * file goes first: if that fails, the row still names it and the purge removes both on that date.
 */
async function removeUnreadableFile(db: Db, storage: Storage, videoId: number, key: string) {
  await storage.remove(key);
  await db
    .update(videos)
    .set({ storageKey: null, url: '', sizeBytes: 0 })
    .where(and(eq(videos.id, videoId), eq(videos.storageKey, key)));
}

/** Processing, and the purge of unreadable videos; `unreadable` carries APP_URL and the retention days for the family's mail. */
export const videoJobHandlers = (
  db: Db,
  storage: Storage,
  unreadable: UnreadableOptions = {},
): JobHandlers => ({
  [VIDEO_JOB]: (payload: { videoId: number }) => processVideo(db, storage, payload.videoId, unreadable),
  ...unreadableJobHandlers(db, storage, unreadable),
});
