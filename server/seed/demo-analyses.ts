import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { analysisRequests, igaSubmetrics, players, positions, submetrics, users, videos } from '../db/schema';
import { grantCredits, spendCredit } from '../modules/credits';
import { recordLeaderboardResult } from '../modules/leaderboard';

type Result = {
  first: string;
  pos: string;
  yearsAgo: number;
  speed?: number;
  iga?: number;
  metrics?: Record<string, [number, number]>;
};

const Y = new Date().getFullYear();
const RESULTS: Result[] = [
  { first: 'Jordan', pos: 'WR', yearsAgo: 3, speed: 19.8 },
  { first: 'Jordan', pos: 'WR', yearsAgo: 2, speed: 20.6 },
  {
    first: 'Jordan',
    pos: 'WR',
    yearsAgo: 2,
    iga: 74.5,
    metrics: {
      burst_10: [16.1, 58],
      route_transition: [0.52, 49],
      separation: [1.6, 55],
      accel_distance: [17.5, 46],
    },
  },
  { first: 'Jordan', pos: 'WR', yearsAgo: 1, speed: 21.4 },
  {
    first: 'Jordan',
    pos: 'WR',
    yearsAgo: 1,
    iga: 79.2,
    metrics: {
      burst_10: [16.8, 66],
      route_transition: [0.47, 61],
      separation: [1.9, 63],
      accel_distance: [16.2, 58],
    },
  },
  { first: 'Jordan', pos: 'CB', yearsAgo: 1, speed: 20.9 },
  { first: 'Jordan', pos: 'WR', yearsAgo: 0, speed: 22.1 },
  {
    first: 'Jordan',
    pos: 'WR',
    yearsAgo: 0,
    iga: 83.6,
    metrics: {
      burst_10: [17.4, 78],
      route_transition: [0.41, 74],
      separation: [2.3, 71],
      accel_distance: [14.8, 69],
    },
  },
  { first: 'Casey', pos: 'RB', yearsAgo: 1, speed: 18.9 },
  { first: 'Casey', pos: 'RB', yearsAgo: 0, speed: 19.7 },
  {
    first: 'Casey',
    pos: 'RB',
    yearsAgo: 0,
    iga: 71.3,
    metrics: {
      burst_10: [15.2, 52],
      cod_transition: [0.58, 44],
      contact_yards: [2.4, 57],
      accel_distance: [18.1, 41],
    },
  },
];

/**
 * Completed speed and IGA analyses across a few seasons for the demo family (videos at fixed demo
 * keys whose files the videos feature makes at start), plus one pending request for the queue.
 * Runs once: nothing is added when the demo players already have analyses.
 */
export async function seedDemoAnalyses(db: Db) {
  const [parent] = await db.select().from(users).where(eq(users.username, 'parent@demo.test'));
  const [analyst] = await db.select().from(users).where(eq(users.username, 'analyst@demo.test'));
  if (!parent || !analyst) return;
  const family = await db.select().from(players).where(eq(players.userId, parent.id));
  if (family.length === 0) return;
  const existing = await db
    .select({ id: analysisRequests.id })
    .from(analysisRequests)
    .where(
      inArray(
        analysisRequests.playerId,
        family.map((p) => p.id),
      ),
    )
    .limit(1);
  if (existing.length > 0) return;
  const pos = Object.fromEntries((await db.select().from(positions)).map((p) => [p.key, p.id]));
  const sub = Object.fromEntries((await db.select().from(submetrics)).map((s) => [s.key, s.id]));
  await db.transaction(async (tx) => {
    for (const [i, r] of RESULTS.entries()) {
      const player = family.find((p) => p.firstName === r.first);
      if (player) await addResult(tx, { r, i, player, positionId: pos[r.pos], analystId: analyst.id, sub });
    }
    const casey = family.find((p) => p.firstName === 'Casey');
    if (!casey) return;
    // The pending request's credit is granted first so the demo balance stays as documented.
    await grantCredits(tx, {
      userId: parent.id,
      amounts: { max_speed: 1 },
      idempotencyKey: 'demo:pending-request',
      type: 'admin_adjust',
      description: 'Demo credit for the sample pending request',
    });
    const [pending] = await tx
      .insert(analysisRequests)
      .values({
        playerId: casey.id,
        userId: parent.id,
        hudlUrl: 'https://www.hudl.com/video/3/demo/casey-kickoff',
        startTime: '01:12',
        season: Y,
        positionId: casey.primaryPositionId,
        requestType: 'max_speed',
      })
      .returning();
    await spendCredit(tx, parent.id, 'max_speed', { analysisRequestId: pending.id });
  });
}

async function addResult(
  tx: Tx,
  a: {
    r: Result;
    i: number;
    player: typeof players.$inferSelect;
    positionId: number;
    analystId: number;
    sub: Record<string, number>;
  },
) {
  const { r, i, player } = a;
  const season = Y - r.yearsAgo;
  const at = new Date(Date.UTC(season, 8, 10 + i, 15));
  const isIga = r.iga !== undefined;
  const [req] = await tx
    .insert(analysisRequests)
    .values({
      playerId: player.id,
      userId: player.userId,
      analystId: a.analystId,
      hudlUrl: `https://www.hudl.com/video/3/demo/${i + 1}`,
      startTime: isIga ? null : '00:23',
      season,
      status: 'completed',
      requestType: isIga ? 'iga' : 'max_speed',
      positionId: a.positionId,
      maxSpeed: r.speed ?? null,
      igaScore: r.iga ?? null,
      processedVideoUrl: `/files/videos/demo-${i + 1}.mp4`,
      createdAt: at,
      completedAt: new Date(at.getTime() + 36 * 3600_000),
    })
    .returning();
  await tx.insert(videos).values({
    playerId: player.id,
    url: `/files/videos/demo-${i + 1}.mp4`,
    storageKey: `videos/demo-${i + 1}.mp4`,
    thumbnail: `thumbnails/demo-${i + 1}.jpg`,
    status: 'ready',
    maxSpeed: r.speed ?? null,
    igaScore: r.iga ?? null,
    durationSeconds: 4,
    positionId: a.positionId,
    season,
    analysisRequestId: req.id,
    createdAt: new Date(at.getTime() + 36 * 3600_000),
  });
  const metrics: [string, number, number][] = isIga
    ? [
        ['IGA', r.iga!, 50],
        ...Object.entries(r.metrics ?? {}).map(([k, [v, p]]) => [k, v, p] as [string, number, number]),
      ]
    : [['MS', r.speed!, Math.round(40 + (r.speed! - 18) * 10)]];
  await tx.insert(igaSubmetrics).values(
    metrics.map(([key, value, percentile]) => ({
      analysisRequestId: req.id,
      submetricId: a.sub[key],
      value,
      percentile,
      isFromIga: isIga,
    })),
  );
  await recordLeaderboardResult(tx, {
    playerId: player.id,
    metricType: isIga ? 'iga_score' : 'max_speed',
    value: (isIga ? r.iga : r.speed)!,
    season,
    positionId: a.positionId,
  });
}
