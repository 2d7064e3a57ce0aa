import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { players, positions, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { seedDemoAnalyses } from './demo-analyses';
import { seedDemoCoach } from './demo-coach';
import { seedDemoLeaderboard } from './demo-leaderboard';

const DEMO_PASSWORD = 'demo1234';
const DEMO_ACCOUNTS = [
  {
    username: 'admin@demo.test',
    role: 'admin',
    firstName: 'Alex',
    lastName: 'Admin',
    creditBalances: { max_speed: 10, iga: 10 },
  },
  {
    username: 'analyst@demo.test',
    role: 'analyst',
    firstName: 'Ana',
    lastName: 'Lyst',
    creditBalances: {},
  },
  {
    username: 'parent@demo.test',
    role: 'user',
    firstName: 'Pat',
    lastName: 'Parent',
    creditBalances: { max_speed: 3, iga: 2 },
  },
] as const;

/** Demo accounts (verified) and a family with players, created once; the credentials are logged at start. */
export async function seedDemo(db: Db, log: FastifyBaseLogger) {
  // Hashing is the slow part of a start: only when an account is missing.
  const held = await db
    .select({ username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_ACCOUNTS.map((a) => a.username),
      ),
    );
  if (held.length < DEMO_ACCOUNTS.length) {
    const password = await hashPassword(DEMO_PASSWORD);
    for (const a of DEMO_ACCOUNTS) {
      await db
        .insert(users)
        .values({ ...a, email: a.username, password, isEmailVerified: true })
        .onConflictDoNothing();
    }
  }
  const [parent] = await db.select().from(users).where(eq(users.username, 'parent@demo.test'));
  const existing = await db.select({ id: players.id }).from(players).where(eq(players.userId, parent.id));
  if (existing.length === 0) {
    const pos = Object.fromEntries((await db.select().from(positions)).map((p) => [p.key, p.id]));
    await db.insert(players).values(demoPlayers(parent.id, pos));
  }
  await seedDemoAnalyses(db);
  await seedDemoLeaderboard(db);
  await seedDemoCoach(db, () => hashPassword(DEMO_PASSWORD));
  log.info(
    `Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => `${a.username} (${a.role})`).join(', ')}, coach@demo.test (coach)`,
  );
}

function demoPlayers(userId: number, pos: Record<string, number>) {
  const common = {
    userId,
    addressLine1: '100 Stadium Way',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    county: 'Travis',
    phone: '5125550100',
    phoneCountryCode: '+1',
    gender: 'Male',
    hudlUrl: 'https://www.hudl.com/profile/1',
  };
  return [
    {
      ...common,
      firstName: 'Jordan',
      lastName: 'Miles',
      level: 'High School',
      school: 'Westlake High School',
      schoolState: 'TX',
      graduationYear: new Date().getFullYear() + 1,
      primaryPositionId: pos.WR,
      secondaryPositionId: pos.CB,
      heightInches: 73,
      weight: 182,
      dateOfBirth: '2009-04-12',
      email: 'jordan.miles@demo.test',
      twitterHandle: 'jmiles_wr',
      instagramHandle: 'jordanmiles',
      gpa: 3.6,
      satScore: 1250,
      actScore: 27,
    },
    {
      ...common,
      firstName: 'Casey',
      lastName: 'Miles',
      level: 'High School',
      school: 'Westlake High School',
      schoolState: 'TX',
      graduationYear: new Date().getFullYear() + 3,
      primaryPositionId: pos.RB,
      secondaryPositionId: null,
      heightInches: 68,
      weight: 165,
      dateOfBirth: '2011-09-03',
      email: 'casey.miles@demo.test',
      twitterHandle: 'caseymiles',
      instagramHandle: 'caseymiles',
      gpa: 3.9,
    },
  ];
}
