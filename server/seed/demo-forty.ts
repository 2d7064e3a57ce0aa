import { createReadStream } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { analysisRequests, kindReceipts, players, users, videos } from '../db/schema';
import { makeFortyClip } from '../lib/forty-clip';
import { commitCompletion } from '../modules/analysis';
import { completeForty } from '../modules/forty';
import { analyseLocalVideo, ingestMedia, withTempDir } from '../modules/videos';

/**
 * The demo 40: who ran, how fast (a 19.7 mph running back), filmed at which rate (slow motion, as the
 * request dialog asks). Jordan has none, so a newcomer can request one for him.
 */
const DEMO_FORTIES = [{ first: 'Casey', seconds: 4.87, fps: 240 }];
const DAY = 24 * 3600_000;

/**
 * A demo verified 40 a newcomer can check (decision 209): a generated clip of a 40 per demo runner,
 * uploaded to the player's library, requested and timed through the 40's own completion (the true start,
 * finish and line frames marked), so the card, the leaderboard's '40-yard dash' and the public profile
 * show it with a receipt and stills. Dated two days after the player's latest speed, the receipt with it.
 * Runs once: a family that has a 40 is left alone.
 */
export async function ensureDemoForty(app: FastifyInstance) {
  const [parent] = await app.db.select().from(users).where(eq(users.username, 'parent@demo.test'));
  const [analyst] = await app.db.select().from(users).where(eq(users.username, 'analyst@demo.test'));
  if (!parent || !analyst) return;
  const family = await app.db.select().from(players).where(eq(players.userId, parent.id));
  if (family.length === 0) return;
  const ids = family.map((p) => p.id);
  const [had] = await app.db
    .select({ id: analysisRequests.id })
    .from(analysisRequests)
    .where(and(inArray(analysisRequests.playerId, ids), eq(analysisRequests.requestType, 'forty')))
    .limit(1);
  if (had) return;
  for (const run of DEMO_FORTIES) {
    const player = family.find((p) => p.firstName === run.first);
    if (player) await timeDemoForty(app, { parent, analyst, player, run });
  }
  app.log.info('Timed the demo 40s on generated clips (receipts with stills)');
}

async function completedAtFor(app: FastifyInstance, playerId: number) {
  const [latest] = await app.db
    .select({ at: analysisRequests.completedAt })
    .from(analysisRequests)
    .where(and(eq(analysisRequests.playerId, playerId), eq(analysisRequests.status, 'completed')))
    .orderBy(desc(analysisRequests.completedAt))
    .limit(1);
  const at = latest?.at ? new Date(latest.at.getTime() + 2 * DAY) : new Date(Date.now() - 14 * DAY);
  return at.getTime() < Date.now() ? at : new Date(Date.now() - DAY);
}

async function timeDemoForty(
  app: FastifyInstance,
  o: {
    parent: typeof users.$inferSelect;
    analyst: typeof users.$inferSelect;
    player: typeof players.$inferSelect;
    run: (typeof DEMO_FORTIES)[number];
  },
) {
  const { player, run } = o;
  const completedAt = await completedAtFor(app, player.id);
  const season = completedAt.getUTCFullYear();
  await withTempDir(async (dir) => {
    const clip = await makeFortyClip(path.join(dir, 'forty.mp4'), { fps: run.fps, seconds: run.seconds });
    const key = `videos/demo-forty-${player.id}.mp4`;
    await app.storage.put(key, createReadStream(clip.file), 'video/mp4');
    const facts = await analyseLocalVideo(app.storage, clip.file);
    const [video] = await app.db
      .insert(videos)
      .values({
        playerId: player.id,
        url: `/files/${key}`,
        storageKey: key,
        status: 'ready',
        positionId: player.primaryPositionId,
        season,
        thumbnail: facts.thumbnailKey,
        durationSeconds: facts.durationSeconds,
      })
      .returning();
    await ingestMedia(app.db, app.storage, video.id, clip.file);
    const [request] = await app.db
      .insert(analysisRequests)
      .values({
        playerId: player.id,
        userId: o.parent.id,
        hudlUrl: '',
        season,
        positionId: player.primaryPositionId,
        requestType: 'forty',
        sourceVideoId: video.id,
        createdAt: new Date(completedAt.getTime() - DAY),
      })
      .returning();
    const measurement = {
      videoId: video.id,
      startFrame: clip.startFrame,
      finishFrame: clip.finishFrame,
      lines: clip.lines.map(({ yardLine, frameIndex }) => ({ yardLine, frameIndex })),
    };
    const { values, evidence } = await completeForty({
      app,
      request,
      analyst: o.analyst,
      fields: { measurement: JSON.stringify(measurement) },
    });
    const stillKeys = await evidence.storeFiles();
    await commitCompletion(app.db, o.analyst, request, values, null, null, {
      ...evidence,
      writeReceipt: (tx, done) => evidence.writeReceipt(tx, done, stillKeys),
    });
    // Timed when the demo result was completed, not on the day the demo was seeded.
    await app.db.update(analysisRequests).set({ completedAt }).where(eq(analysisRequests.id, request.id));
    await app.db
      .update(kindReceipts)
      .set({ createdAt: completedAt })
      .where(eq(kindReceipts.requestId, request.id));
  });
}
