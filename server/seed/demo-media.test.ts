import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceData, videos } from '../db/schema';
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

const read = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const c of await t.app.storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** What a thumbnail shows: the share of grass-green pixels, and of white ones (yard lines, hash marks). */
async function picture(key: string) {
  const { data, info } = await sharp(await read(key))
    .raw()
    .toBuffer({ resolveWithObject: true });
  let green = 0;
  let white = 0;
  const n = info.width * info.height;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (g > 90 && g > r * 1.6 && g > b * 1.6) green += 1;
    if (r > 200 && g > 200 && b > 200) white += 1;
  }
  return { green: green / n, white: white / n };
}

// Files and ffmpeg, not the database: it runs once, in npm test's PGlite pass.
describe.skipIf(isRealPostgres())('demo video files', () => {
  it('look like game film: a green field with white yard lines, not a test pattern', async () => {
    const rows = await t.db.select().from(videos).where(like(videos.storageKey, 'videos/demo-%'));
    expect(rows.length).toBeGreaterThan(3);
    await ensureDemoMedia(t.db, t.app.storage, log);
    expect(lines).toContain(`Made ${rows.length} demo video files`);
    for (const v of rows) {
      expect(await t.app.storage.size(v.storageKey!), v.storageKey!).toBeGreaterThan(1000);
      const shown = await picture(v.thumbnail!);
      expect(shown.green, v.thumbnail!).toBeGreaterThan(0.6);
      expect(shown.white, v.thumbnail!).toBeGreaterThan(0.02);
      expect(shown.white, v.thumbnail!).toBeLessThan(0.2);
    }
    // A few films in turn, not one clip for all.
    const sizes = new Set(await Promise.all(rows.map((v) => t.app.storage.size(v.storageKey!))));
    expect(sizes.size).toBe(3);
  }, 120_000);

  it('are made once, again when one is missing, and again when made by an older version', async () => {
    const rows = await t.db.select().from(videos).where(like(videos.storageKey, 'videos/demo-%'));
    lines.length = 0;
    await ensureDemoMedia(t.db, t.app.storage, log);
    expect(lines).toEqual([]);
    await t.app.storage.remove(rows[2].storageKey!);
    await ensureDemoMedia(t.db, t.app.storage, log);
    expect(lines).toEqual(['Made 1 demo video files']);
    expect(await t.app.storage.size(rows[2].storageKey!)).toBeGreaterThan(1000);

    // A data folder seeded with the test patterns of before.
    lines.length = 0;
    await t.db
      .update(referenceData)
      .set({ version: 'test-patterns' })
      .where(eq(referenceData.name, 'demo-media'));
    await ensureDemoMedia(t.db, t.app.storage, log);
    expect(lines).toEqual([`Made ${rows.length} demo video files`]);
  }, 120_000);
});
