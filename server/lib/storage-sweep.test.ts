import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, videoMedia, videos } from '../db/schema';
import { createPlayer, requestSpeed } from '../modules/analysis/analysis.fixtures';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { PARTIAL_DIR } from './storage';
import { sweepStorage } from './storage-sweep';

let t: TestApp;
let root: string;
/**
 * The folder the first test sweeps: not the app's own uploads/, which the app's start-up sweep (run in
 * the background on ready) may be walking at the same time, removing the old files this test writes.
 */
let swept: string;
beforeAll(async () => {
  t = await createTestApp();
  root = path.join(t.dataDir, 'uploads');
  swept = path.join(t.dataDir, 'swept');
  mkdirSync(path.join(root, PARTIAL_DIR), { recursive: true });
});
afterAll(() => t.close());

/** Writes a file under the swept folder, last touched `hours` ago. */
function file(key: string, hours: number) {
  const full = path.join(swept, key);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'bytes');
  const at = new Date(Date.now() - hours * 3600_000);
  utimesSync(full, at, at);
  return full;
}

describe('sweeping storage after a kill -9', () => {
  it('removes old partial files and unreferenced video files; keeps every file a row refers to, fresh files and photos', async () => {
    const owner = await createUser(t, { credits: 1 });
    const player = await createPlayer(t, owner);
    const [video] = await t.db
      .insert(videos)
      .values({
        playerId: player.id,
        url: '/files/videos/kept.mp4',
        storageKey: 'videos/kept.mp4',
        thumbnail: 'thumbnails/kept.jpg',
        status: 'ready',
      })
      .returning();
    await t.db
      .insert(videoMedia)
      .values({ videoId: video.id, status: 'ready', sha256: 'x', workingKey: 'videos/kept-working.mp4' });
    const req = (await requestSpeed(t, owner, player.id, player.primaryPositionId)).json();
    await t.db
      .update(analysisRequests)
      .set({ processedVideoUrl: '/files/videos/processed.mp4' })
      .where(eq(analysisRequests.id, req.id));

    const gone = [
      file(`${PARTIAL_DIR}/dead.part`, 4),
      file('videos/orphan.mp4', 4),
      file('thumbnails/orphan.jpg', 5),
    ];
    const kept = [
      file(`${PARTIAL_DIR}/writing.part`, 0),
      file('videos/kept.mp4', 48),
      file('thumbnails/kept.jpg', 48),
      file('videos/kept-working.mp4', 48),
      file('videos/processed.mp4', 48),
      file('videos/just-stored.mp4', 0.5),
      file('photos/any.webp', 48),
    ];
    const removed = await sweepStorage(t.db, swept);
    expect(removed.sort()).toEqual([
      `${PARTIAL_DIR}/dead.part`,
      'thumbnails/orphan.jpg',
      'videos/orphan.mp4',
    ]);
    for (const f of gone) expect(existsSync(f), f).toBe(false);
    for (const f of kept) expect(existsSync(f), f).toBe(true);
  });

  it('a completed or failed write leaves nothing in the partial area; a failed one leaves no file under its key', async () => {
    const before = readdirSync(path.join(root, PARTIAL_DIR)).length;
    await t.app.storage.put('videos/whole.mp4', Buffer.from('whole'), 'video/mp4');
    expect(existsSync(path.join(root, 'videos/whole.mp4'))).toBe(true);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(t.app.storage.put('videos/half.mp4', failing, 'video/mp4')).rejects.toThrow(
      'client went away',
    );
    expect(existsSync(path.join(root, 'videos/half.mp4'))).toBe(false);
    expect(readdirSync(path.join(root, PARTIAL_DIR))).toHaveLength(before);
  });
});
