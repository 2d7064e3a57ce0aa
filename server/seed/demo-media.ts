import { createReadStream } from 'node:fs';
import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { referenceData, videos } from '../db/schema';
import { makeThumbnail } from '../lib/ffmpeg';
import type { Storage } from '../lib/storage';
import { withTempDir } from '../modules/videos';
import { FILM_VARIANTS, makeDemoFilm } from './demo-film';

/** Bump when the demo film changes: files made before (test patterns until 2026-11) are made again once. */
const DEMO_FILM_VERSION = 'football-film-1';
const SECONDS = 4;

/**
 * The seeded demo videos point at fixed keys; their files are made here with ffmpeg when missing
 * (a fresh data folder, or storage wiped) or made by an older version, so every demo screen plays a
 * clip that looks like game film: a field, yard lines, players running (decision 207).
 */
export async function ensureDemoMedia(db: Db, storage: Storage, log: { info(msg: string): void }) {
  const rows = await db.select().from(videos).where(like(videos.storageKey, 'videos/demo-%'));
  const [held] = await db
    .select({ version: referenceData.version })
    .from(referenceData)
    .where(eq(referenceData.name, 'demo-media'));
  const stale = held?.version !== DEMO_FILM_VERSION;
  const made = await withTempDir(async (dir) => {
    // A few clips and thumbnails, each stored under every key that shows it (11 videos, 3 films).
    const films = new Map<number, string>();
    const film = async (variant: number) => {
      let file = films.get(variant);
      if (!file) {
        file = await makeDemoFilm(dir, variant, SECONDS);
        await makeThumbnail(file, `${file}.jpg`, SECONDS);
        films.set(variant, file);
      }
      return file;
    };
    let count = 0;
    for (const [i, v] of rows.entries()) {
      const key = v.storageKey!;
      // A measured demo result plays the run clip its receipt was made on: replaced only when lost.
      const measured = /^videos\/demo-(run|source)-/.test(key);
      const present =
        (await storage.size(key)) !== null && (!v.thumbnail || (await storage.size(v.thumbnail)) !== null);
      if (present && (measured || !stale)) continue;
      const file = await film(i % FILM_VARIANTS.length);
      await storage.put(key, createReadStream(file), 'video/mp4');
      if (v.thumbnail) await storage.put(v.thumbnail, createReadStream(`${file}.jpg`), 'image/jpeg');
      count += 1;
    }
    return count;
  });
  await db
    .insert(referenceData)
    .values({ name: 'demo-media', version: DEMO_FILM_VERSION })
    .onConflictDoUpdate({
      target: referenceData.name,
      set: { version: DEMO_FILM_VERSION, createdAt: sql`now()` },
    });
  if (made) log.info(`Made ${made} demo video files`);
}
