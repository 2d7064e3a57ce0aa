import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, kindReceipts, measurementAudits, videoMedia, videos } from '../db/schema';
import { insertReceiptRevision } from '../modules/measurements';
import { createPlayer, requestSpeed } from '../modules/analysis/analysis.fixtures';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { PARTIAL_DIR } from './storage';
import { instanceKey } from './instance-key';
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
    const owner = await createUser(t, { credits: 2 });
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
    // A Max Speed receipt's still (its second revision's: every revision's stills are evidence).
    for (const revision of [1, 2])
      await insertReceiptRevision(t.db, {
        requestId: req.id,
        analystName: 'A',
        maxSpeed: 20,
        plusMinus: 0.3,
        methodLabel: 'm',
        data: {},
        stillKeys: revision === 1 ? [] : ['videos/still-kept.jpg'],
      });

    // A kind receipt's still (a 40's, a jump's): it was swept before decision 282.
    const other = (await requestSpeed(t, owner, player.id, player.primaryPositionId)).json();
    await t.db.insert(kindReceipts).values({
      requestId: other.id,
      kind: 'forty',
      direction: 'lower',
      analystName: 'A',
      value: 4.6,
      plusMinus: 0.02,
      methodLabel: 'm',
      data: {},
      stillKeys: ['videos/still-kind.jpg'],
    });

    // An audit's stills (a second analyst's evidence): they were swept before.
    await t.db.insert(measurementAudits).values({
      requestId: req.id,
      originalSpeed: 20,
      originalPlusMinus: 0.3,
      status: 'agreed',
      auditStillKeys: ['videos/still-audit.jpg'],
    });

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
      file('videos/still-kept.jpg', 48),
      file('videos/still-kind.jpg', 48),
      file('videos/still-audit.jpg', 48),
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

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('an instance restarted after a kill -9 mid-upload (decision 196)', () => {
  it("removes its own partial files from before its start as soon as it listens; leaves other instances' and new ones", async () => {
    const port = await freePort();
    const restarted = await createTestApp({ PORT: String(port), HOST: '127.0.0.1' });
    try {
      const dir = path.join(restarted.dataDir, 'uploads', PARTIAL_DIR);
      mkdirSync(dir, { recursive: true });
      const key = instanceKey(restarted.env);
      const partial = (name: string, at: Date, bytes = 5) => {
        const full = path.join(dir, name);
        writeFileSync(full, Buffer.alloc(bytes));
        utimesSync(full, at, at);
        return full;
      };
      const minuteAgo = new Date(Date.now() - 60_000);
      const dead = partial(`${key}.${'a'.repeat(8)}.part`, minuteAgo, 7 * 1024 * 1024);
      const otherInstance = partial(`${'0'.repeat(16)}.${'b'.repeat(8)}.part`, minuteAgo);
      const sinceStart = partial(`${key}.${'c'.repeat(8)}.part`, new Date(Date.now() + 60_000));

      expect(readdirSync(dir)).toHaveLength(3);
      await restarted.app.listen({ port, host: '127.0.0.1' });
      for (let i = 0; i < 100 && existsSync(dead); i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(otherInstance)).toBe(true);
      expect(existsSync(sinceStart)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('names every partial file with its instance key', async () => {
    const key = instanceKey(t.env);
    const names: string[] = [];
    let first = true;
    // The first chunk is written; while the second is awaited, the partial file is on disk.
    const watching = new Readable({
      read() {
        if (first) {
          first = false;
          this.push(Buffer.from('bytes'));
          return;
        }
        setTimeout(() => {
          names.push(...readdirSync(path.join(root, PARTIAL_DIR)));
          this.push(null);
        }, 50);
      },
    });
    await t.app.storage.put('videos/named.mp4', watching, 'video/mp4');
    expect(names.filter((n) => n.startsWith(`${key}.`))).toHaveLength(1);
  });
});
