import { createReadStream } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { analysisRequests, kindReceipts, players, users, videos } from '../db/schema';
import { makeRunClip } from '../lib/run-clip';
import { analyseLocalVideo, withTempDir, ingestMedia } from '../modules/videos';
import { correctMeasurement } from '../modules/measurements';

const mphToYps = (mph: number) => (mph * 1760) / 3600;

/**
 * Demo data a newcomer can check: each demo player's latest Max Speed is re-measured on a generated
 * run clip (a receipt with stills), and the pending demo request gets a source clip, so the analyst
 * can open the workbench at once. Runs once; a data folder that has receipts is left alone.
 */
export async function ensureDemoMeasurements(app: FastifyInstance) {
  const [parent] = await app.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
  const [analyst] = await app.db.select().from(users).where(eq(users.username, 'analyst@demo.test'));
  if (!parent || !analyst) return;
  const family = await app.db.select().from(players).where(eq(players.userId, parent.id));
  if (family.length === 0) return;
  const requests = await app.db
    .select()
    .from(analysisRequests)
    .where(
      and(
        inArray(
          analysisRequests.playerId,
          family.map((p) => p.id),
        ),
        eq(analysisRequests.requestType, 'max_speed'),
      ),
    )
    .orderBy(desc(analysisRequests.season), desc(analysisRequests.completedAt));
  if (requests.length === 0) return;
  const done = await app.db
    .select({ id: kindReceipts.id })
    .from(kindReceipts)
    .where(
      inArray(
        kindReceipts.requestId,
        requests.map((r) => r.id),
      ),
    )
    .limit(1);
  if (done.length > 0) return;
  for (const player of family) {
    const latest = requests.find(
      (r) => r.playerId === player.id && r.status === 'completed' && r.maxSpeed !== null,
    );
    if (latest) await measureDemo(app, analyst, latest);
    const pending = requests.find(
      (r) => r.playerId === player.id && r.status === 'pending' && r.sourceVideoId === null,
    );
    if (pending) await attachDemoSource(app, pending);
  }
  app.log.info('Measured the demo speeds on generated run clips (receipts with stills)');
}

async function storeClip(app: FastifyInstance, file: string, key: string) {
  await app.storage.put(key, createReadStream(file), 'video/mp4');
}

async function measureDemo(
  app: FastifyInstance,
  analyst: typeof users.$inferSelect,
  r: typeof analysisRequests.$inferSelect,
) {
  await withTempDir(async (dir) => {
    const clip = await makeRunClip(path.join(dir, 'run.mp4'), {
      fps: '60000/1001',
      speedYps: mphToYps(r.maxSpeed!),
      seconds: 2.6,
      width: 480,
      height: 270,
    });
    const key = `videos/demo-run-${r.id}.mp4`;
    await storeClip(app, clip.file, key);
    const facts = await analyseLocalVideo(app.storage, clip.file);
    const file = {
      storageKey: key,
      url: `/files/${key}`,
      thumbnail: facts.thumbnailKey,
      durationSeconds: facts.durationSeconds,
    };
    let [video] = await app.db.select().from(videos).where(eq(videos.analysisRequestId, r.id));
    if (video) {
      [video] = await app.db.update(videos).set(file).where(eq(videos.id, video.id)).returning();
    } else {
      [video] = await app.db
        .insert(videos)
        .values({
          playerId: r.playerId,
          status: 'ready',
          positionId: r.positionId,
          season: r.season,
          analysisRequestId: r.id,
          ...file,
        })
        .returning();
    }
    await ingestMedia(app.db, app.storage, video.id, clip.file);
    const marks = clip.crossings.slice(0, 5).map(({ frameIndex, yardLine }) => ({ frameIndex, yardLine }));
    const receipt = await correctMeasurement(app, analyst, r.id, {
      videoId: video.id,
      landmark: 'torso',
      marks,
    });
    // Measured when the demo result was completed, not on the day the demo was seeded.
    await app.db
      .update(kindReceipts)
      .set({ createdAt: r.completedAt ?? receipt.createdAt })
      .where(eq(kindReceipts.id, receipt.id));
  });
}

async function attachDemoSource(app: FastifyInstance, r: typeof analysisRequests.$inferSelect) {
  await withTempDir(async (dir) => {
    const clip = await makeRunClip(path.join(dir, 'run.mp4'), {
      fps: '60000/1001',
      speedYps: mphToYps(20.2),
      seconds: 2.6,
      width: 480,
      height: 270,
    });
    const key = `videos/demo-source-${r.id}.mp4`;
    await storeClip(app, clip.file, key);
    const facts = await analyseLocalVideo(app.storage, clip.file);
    const [video] = await app.db
      .insert(videos)
      .values({
        playerId: r.playerId,
        url: `/files/${key}`,
        storageKey: key,
        status: 'ready',
        positionId: r.positionId,
        season: r.season,
        thumbnail: facts.thumbnailKey,
        durationSeconds: facts.durationSeconds,
      })
      .returning();
    await ingestMedia(app.db, app.storage, video.id, clip.file);
    await app.db
      .update(analysisRequests)
      .set({ sourceVideoId: video.id })
      .where(eq(analysisRequests.id, r.id));
  });
}
