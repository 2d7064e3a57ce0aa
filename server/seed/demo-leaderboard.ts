import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { analysisRequests, players, positions, profileShares, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { recordLeaderboardResult } from '../modules/leaderboard';
import {
  demoSpeed,
  HIGH_SCHOOL,
  lastSeasonSpeed,
  markLeagueVersion,
  refreshDemoLeagueSpeeds,
} from './demo-league-speeds';

const FIRST = [
  'Marcus',
  'Tyler',
  'Devon',
  'Isaiah',
  'Caleb',
  'Jalen',
  'Ethan',
  'Malik',
  'Noah',
  'Darius',
  'Logan',
  'Xavier',
];
const LAST = [
  'Johnson',
  'Carter',
  'Reed',
  'Brooks',
  'Hayes',
  'Foster',
  'Price',
  'Coleman',
  'Bryant',
  'Ward',
  'Greene',
  'Porter',
];
const PLACES = [
  ['Houston', 'Harris', 'TX'],
  ['Dallas', 'Dallas', 'TX'],
  ['Miami', 'Miami-Dade', 'FL'],
  ['Atlanta', 'Fulton', 'GA'],
  ['Phoenix', 'Maricopa', 'AZ'],
  ['Columbus', 'Franklin', 'OH'],
  ['Tampa', 'Hillsborough', 'FL'],
  ['Charlotte', 'Mecklenburg', 'NC'],
] as const;
const POS = ['WR', 'RB', 'CB', 'S', 'QB', 'LB', 'TE', 'ATH'];
const COLLEGE = 12;
/** Every fifth family keeps its profile unshared: other families see that player as 'Player #rank' (decision 197). */
const UNSHARED_EVERY = 5;

/**
 * Demo only: a league of players with completed analyses (owned by an account nobody can sign in
 * to), so the leaderboard has pages, ties and both levels to show. Runs once; a league seeded before
 * the current numbers gets them (demo-league-speeds.ts).
 */
export async function seedDemoLeaderboard(db: Db) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'league@demo.test'));
  if (existing) {
    await refreshDemoLeagueSpeeds(db, existing.id);
    return;
  }
  const pos = Object.fromEntries((await db.select().from(positions)).map((p) => [p.key, p.id]));
  const year = new Date().getFullYear();
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(users)
      .values({
        username: 'league@demo.test',
        email: 'league@demo.test',
        firstName: 'Demo',
        lastName: 'League',
        password: await hashPassword(randomBytes(24).toString('hex')),
      })
      .returning();
    for (let i = 0; i < HIGH_SCHOOL + COLLEGE; i++) {
      const college = i >= HIGH_SCHOOL;
      const [city, county, state] = PLACES[i % PLACES.length];
      const positionId = pos[POS[i % POS.length]];
      const [player] = await tx
        .insert(players)
        .values({
          userId: owner.id,
          firstName: FIRST[i % FIRST.length],
          lastName: LAST[(i * 5 + Math.floor(i / FIRST.length)) % LAST.length],
          primaryPositionId: positionId,
          level: college ? 'College' : 'High School',
          school: college ? 'State University' : `${city} Central High School`,
          schoolState: state,
          graduationYear: year + 1 + (i % 4),
          heightInches: 68 + (i % 8),
          weight: 165 + (i % 40),
          city,
          county,
          state,
        })
        .returning();
      await tx.insert(profileShares).values({
        playerId: player.id,
        slug: randomBytes(16).toString('base64url'),
        enabled: i % UNSHARED_EVERY !== UNSHARED_EVERY - 1,
        show: {},
      });
      const speed = demoSpeed(i);
      const results = [
        { season: year, metric: 'max_speed' as const, value: speed },
        { season: year - 1, metric: 'max_speed' as const, value: lastSeasonSpeed(speed) },
        ...(i % 2 === 0
          ? [{ season: year, metric: 'iga_score' as const, value: Math.round((94 - i * 0.7) * 10) / 10 }]
          : []),
      ];
      for (const [k, r] of results.entries()) {
        const completedAt = new Date(Date.UTC(r.season, 2, 1 + k + (i % 20), 16));
        await tx.insert(analysisRequests).values({
          playerId: player.id,
          userId: owner.id,
          hudlUrl: `https://www.hudl.com/video/demo-league/${i}-${k}`,
          season: r.season,
          status: 'completed',
          requestType: r.metric === 'iga_score' ? 'iga' : 'max_speed',
          positionId,
          maxSpeed: r.metric === 'max_speed' ? r.value : null,
          igaScore: r.metric === 'iga_score' ? r.value : null,
          createdAt: new Date(completedAt.getTime() - 48 * 3600_000),
          completedAt,
        });
        await recordLeaderboardResult(tx, {
          playerId: player.id,
          metricType: r.metric,
          value: r.value,
          season: r.season,
          positionId,
        });
      }
    }
    await markLeagueVersion(tx);
  });
}
