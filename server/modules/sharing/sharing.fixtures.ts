import { eq } from 'drizzle-orm';
import { analysisRequests, igaSubmetrics, submetrics, users } from '../../db/schema';
import { insertReceiptRevision } from '../measurements';
import type { TestApp, TestUser } from '../../test/helpers';
import { createPlayer, positionId } from '../analysis/analysis.fixtures';
import { rebuildLeaderboard } from '../leaderboard/leaderboard.service';

/** Every private field of a player (and of the parent) set to a value that cannot appear by chance. */
export const PRIVATE = {
  dateOfBirth: '2009-04-12',
  addressLine1: '100 Zephyrstadium Way',
  addressLine2: 'Apt Qx7',
  zipCode: '78123',
  email: 'kidmail.zq@example.com',
  phone: '5125550177',
  phoneCountryCode: '+44',
  city: 'Quillville',
  county: 'Xarcounty',
  state: 'TX',
  gender: 'Male',
};
export const HIDDEN_BY_DEFAULT = {
  twitterHandle: 'zq_twitter',
  instagramHandle: 'zq_insta',
  facebookUrl: 'https://facebook.com/zqface',
  gpa: 3.87,
  satScore: 1433,
  actScore: 31,
};
export const PARENT = { firstName: 'Parentfirstzq', lastName: 'Parentlastzq' };

export async function sharedPlayerFixture(t: TestApp, owner: TestUser) {
  await t.db.update(users).set(PARENT).where(eq(users.id, owner.id));
  return createPlayer(t, owner, {
    firstName: 'Casey',
    lastName: 'Sharewell',
    hudlUrl: 'https://www.hudl.com/profile/999',
    ...PRIVATE,
    ...HIDDEN_BY_DEFAULT,
  });
}

/** A completed, measured Max Speed with a receipt written straight to the database (no video work). */
export async function completedSpeed(
  t: TestApp,
  playerId: number,
  mph: number,
  o: { analystId?: number; plusMinus?: number; season?: number; positionKey?: string } = {},
) {
  const pos = await positionId(t, o.positionKey ?? 'WR');
  const [r] = await t.db
    .insert(analysisRequests)
    .values({
      playerId,
      hudlUrl: 'https://www.hudl.com/video/1',
      season: o.season ?? 2025,
      status: 'completed',
      requestType: 'max_speed',
      positionId: pos,
      maxSpeed: mph,
      maxSpeedPlusMinus: o.plusMinus ?? 0.4,
      methodLabel: 'video 29.97 fps, yard-line crossings',
      completedAt: new Date('2025-10-01T12:00:00Z'),
      analystId: o.analystId ?? null,
    })
    .returning();
  const marks = [0, 5, 10].map((yard, i) => ({
    frameIndex: 10 + i * 17,
    yardLine: yard,
    time: (10 + i * 17) / 29.97,
  }));
  const span = {
    fromFrame: 10,
    toFrame: 44,
    fromYard: 0,
    toYard: 10,
    yards: 10,
    seconds: 1.134,
    secondsMin: 1.1,
    secondsMax: 1.17,
    mph,
    mphLow: mph - 0.3,
    mphHigh: mph + 0.4,
  };
  await insertReceiptRevision(t.db, {
    requestId: r.id,
    analystId: o.analystId ?? null,
    analystName: 'Ana Lyst',
    maxSpeed: mph,
    plusMinus: o.plusMinus ?? 0.4,
    methodLabel: 'video 29.97 fps, yard-line crossings',
    stillKeys: ['videos/still-a.jpg', 'videos/still-b.jpg', 'videos/still-c.jpg'],
    data: {
      request: { id: r.id, season: 2025, positionId: pos, position: 'Wide Receiver' },
      player: { id: playerId, name: 'x' },
      video: {
        videoId: null,
        sourceSha256: 'abc',
        workingSha256: 'abc',
        hasWorkingCopy: false,
        container: 'mp4',
        codec: 'h264',
        width: 320,
        height: 180,
        nominalFps: '30000/1001',
        averageFps: '30000/1001',
        timeBase: '1/30000',
        variableFrameRate: false,
        frameCount: 72,
      },
      landmark: 'torso',
      measurement: {
        videoId: 0,
        landmark: 'torso',
        marks,
        intervals: [span],
        window: { ...span, plusMinus: 0.4, underTenYards: false },
        maxSpeed: mph,
        plusMinus: 0.4,
        profile: [],
        fpsLabel: '29.97',
        methodLabel: 'video 29.97 fps, yard-line crossings',
        qualityProblems: [],
      },
      override: null,
    },
  });
  return r;
}

export async function completedIga(t: TestApp, playerId: number, score: number) {
  const pos = await positionId(t, 'WR');
  const [r] = await t.db
    .insert(analysisRequests)
    .values({
      playerId,
      hudlUrl: 'https://www.hudl.com/video/1',
      season: 2025,
      status: 'completed',
      requestType: 'iga',
      positionId: pos,
      igaScore: score,
      completedAt: new Date(),
    })
    .returning();
  const [burst] = await t.db.select().from(submetrics).where(eq(submetrics.key, 'burst_10'));
  await t.db
    .insert(igaSubmetrics)
    .values({ analysisRequestId: r.id, submetricId: burst.id, value: 17.2, percentile: 60 });
  return r;
}

/** `n` other players of the given class with completed speeds, then the leaderboard rebuilt from them. */
export async function population(
  t: TestApp,
  owner: TestUser,
  n: number,
  o: { graduationYear?: number; base?: number; positionKey?: string; level?: string; season?: number } = {},
) {
  for (let i = 0; i < n; i++) {
    const p = await createPlayer(t, owner, {
      graduationYear: o.graduationYear ?? 2027,
      level: o.level ?? 'High School',
      primaryPositionId: await positionId(t, o.positionKey ?? 'WR'),
    });
    await completedSpeed(t, p.id, (o.base ?? 15) + i * 0.1, { positionKey: o.positionKey, season: o.season });
  }
  await rebuildLeaderboard(t.db);
}
