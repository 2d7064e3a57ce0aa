import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisRequests, players, positions } from '../../db/schema';
import { recordLeaderboardResult, type LeaderboardResult } from './leaderboard.service';

let n = 0;

/** A player straight in the database (test data), with an address, phone, email and birth date to keep private. */
export async function insertPlayer(db: Db, userId: number, over: Partial<typeof players.$inferInsert> = {}) {
  const [wr] = await db.select().from(positions).where(eq(positions.key, 'WR'));
  n += 1;
  const [p] = await db
    .insert(players)
    .values({
      userId,
      firstName: `Player${n}`,
      lastName: 'Test',
      primaryPositionId: wr.id,
      level: 'High School',
      school: 'Central High',
      graduationYear: 2027,
      heightInches: 70,
      weight: 170,
      addressLine1: '1 Secret Lane',
      city: 'Austin',
      county: 'Travis',
      state: 'TX',
      zipCode: '78701',
      phone: '5125550199',
      email: `private${n}@family.test`,
      dateOfBirth: '2009-01-01',
      ...over,
    })
    .returning();
  return p;
}

export async function positionId(db: Db, key: string) {
  const [p] = await db.select().from(positions).where(eq(positions.key, key));
  return p.id;
}

export function record(db: Db, r: Omit<LeaderboardResult, 'positionId'> & { positionId?: number | null }) {
  return db.transaction((tx) => recordLeaderboardResult(tx, { positionId: null, ...r }));
}

export async function insertCompletedRequest(
  db: Db,
  r: {
    playerId: number;
    userId: number;
    season: number;
    maxSpeed?: number;
    igaScore?: number;
    status?: 'completed' | 'pending' | 'rejected';
    positionId?: number;
    completedAt?: Date;
  },
) {
  const [row] = await db
    .insert(analysisRequests)
    .values({
      playerId: r.playerId,
      userId: r.userId,
      hudlUrl: 'https://www.hudl.com/video/1',
      season: r.season,
      status: r.status ?? 'completed',
      requestType: r.igaScore !== undefined ? 'iga' : 'max_speed',
      maxSpeed: r.maxSpeed ?? null,
      igaScore: r.igaScore ?? null,
      positionId: r.positionId ?? null,
      completedAt: r.status && r.status !== 'completed' ? null : (r.completedAt ?? new Date()),
    })
    .returning();
  return row;
}
