import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema';
import { notFound } from '../../../lib/app-error';
import { probeMedia } from '../../../lib/media-probe';
import type { Storage } from '../../../lib/storage';
import { ensureMedia, readyMedia, timelineOf, withLocalCopy } from '../../videos';

/** A library video and its prepared media (404 when the video is gone). */
export async function videoMedia(db: Db, storage: Storage, videoId: number) {
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!video) throw notFound('Video not found');
  return { video, media: readyMedia(await ensureMedia(db, storage, video)) };
}

/**
 * A job's clip on local disk, as it is displayed (upright: width and height swapped for a rotated file),
 * with the timeline of its frames: what the tracker and the 40's proposals read (decisions 210, 212).
 * `key`: the stored file the copy was made from (what the clip's content is known by, decision 333).
 */
export async function withUprightClip<T>(
  db: Db,
  storage: Storage,
  videoId: number,
  work: (
    clip: { file: string; key: string; width: number; height: number; frameCount: number },
    timeline: ReturnType<typeof timelineOf>,
  ) => Promise<T>,
) {
  const { video, media } = await videoMedia(db, storage, videoId);
  const key = media.workingKey ?? video.storageKey;
  if (!key) throw new Error('The video file is missing');
  const timeline = timelineOf(media);
  return withLocalCopy(storage, key, async (file) => {
    const facts = await probeMedia(file);
    const upright = facts.rotation === 90 || facts.rotation === 270;
    return work(
      {
        file,
        key,
        width: upright ? facts.height : facts.width,
        height: upright ? facts.width : facts.height,
        frameCount: facts.frameCount,
      },
      timeline,
    );
  });
}
