import { createReadStream } from 'node:fs';
import path from 'node:path';
import { like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { videos } from '../db/schema';
import { makeSampleVideo, makeThumbnail } from '../lib/ffmpeg';
import type { Storage } from '../lib/storage';
import { withTempDir } from '../modules/videos';

const PATTERNS = ['testsrc', 'testsrc2', 'smptebars'] as const;

/**
 * The seeded demo videos point at fixed keys; their files are made here with ffmpeg when missing
 * (a fresh data folder, or storage wiped), so every demo screen plays a real clip.
 */
export async function ensureDemoMedia(db: Db, storage: Storage, log: { info(msg: string): void }) {
  const rows = await db.select().from(videos).where(like(videos.storageKey, 'videos/demo-%'));
  const made = await withTempDir(async (dir) => {
    // One clip and one thumbnail per pattern, stored under every key that shows it (11 videos, 3 patterns).
    const clips = new Map<string, string>();
    const clip = async (pattern: (typeof PATTERNS)[number]) => {
      let file = clips.get(pattern);
      if (!file) {
        file = path.join(dir, `${pattern}.mp4`);
        await makeSampleVideo(file, { seconds: 4, pattern });
        await makeThumbnail(file, `${file}.jpg`, 4);
        clips.set(pattern, file);
      }
      return file;
    };
    let count = 0;
    for (const [i, v] of rows.entries()) {
      const key = v.storageKey!;
      if ((await storage.size(key)) !== null && (!v.thumbnail || (await storage.size(v.thumbnail)) !== null))
        continue;
      const file = await clip(PATTERNS[i % PATTERNS.length]);
      await storage.put(key, createReadStream(file), 'video/mp4');
      if (v.thumbnail) await storage.put(v.thumbnail, createReadStream(`${file}.jpg`), 'image/jpeg');
      count += 1;
    }
    return count;
  });
  if (made) log.info(`Made ${made} demo video files`);
}
