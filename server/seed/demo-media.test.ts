import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../db/schema';
import { seedDemo } from './demo';
import { createTestApp, isRealPostgres, type TestApp } from '../test/helpers';
import { ensureDemoMedia } from './demo-media';

let t: TestApp;
const lines: string[] = [];
const log = { info: (m: string) => void lines.push(m), warn() {}, error() {} } as never;
beforeAll(async () => {
  if (isRealPostgres()) return;
  t = await createTestApp();
  await seedDemo(t.db, log);
});
afterAll(() => t?.close());

// Files and ffmpeg, not the database: it runs once, in npm test's PGlite pass.
describe.skipIf(isRealPostgres())('demo video files', () => {
  it('are made for every demo video and thumbnail that has no file, once', async () => {
    const rows = await t.db.select().from(videos).where(like(videos.storageKey, 'videos/demo-%'));
    expect(rows.length).toBeGreaterThan(3);
    await ensureDemoMedia(t.db, t.app.storage, log);
    expect(lines).toContain(`Made ${rows.length} demo video files`);
    for (const v of rows) {
      expect(await t.app.storage.size(v.storageKey!), v.storageKey!).toBeGreaterThan(1000);
      if (v.thumbnail) expect(await t.app.storage.size(v.thumbnail), v.thumbnail).toBeGreaterThan(100);
    }
    // Three test patterns in turn: the fourth video shows the first one's clip.
    expect(await t.app.storage.size(rows[3].storageKey!)).toBe(await t.app.storage.size(rows[0].storageKey!));
    expect(await t.app.storage.size(rows[1].storageKey!)).not.toBe(
      await t.app.storage.size(rows[0].storageKey!),
    );

    // Files already there are left alone; a missing one is made again.
    lines.length = 0;
    await ensureDemoMedia(t.db, t.app.storage, log);
    expect(lines).toEqual([]);
    await t.app.storage.remove(rows[2].storageKey!);
    await ensureDemoMedia(t.db, t.app.storage, log);
    expect(lines).toEqual(['Made 1 demo video files']);
    expect(await t.app.storage.size(rows[2].storageKey!)).toBeGreaterThan(1000);
  }, 120_000);
});
