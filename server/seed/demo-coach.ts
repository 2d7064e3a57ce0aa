import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { coaches, schools, users } from '../db/schema';
import { upsertSchools } from '../modules/players';

/** The demo coach's college, as the shipped directory holds it (added when a test's sample lacks it). */
const DEMO_COLLEGE = {
  level: 'College' as const,
  name: 'Abilene Christian University',
  city: 'Abilene',
  state: 'TX',
  ipedsId: 222178,
  website: 'acu.edu',
};

/**
 * Demo only (decision 229): an approved college coach (`coach@demo.test`) and the demo league's shared
 * players discoverable, so a newcomer sees the coach search, a coach's view of a player and the family's
 * side of it without applying, verifying an email and approving as an admin. Runs once: a folder seeded
 * before this gets them on its next start. The demo family's own players stay undiscoverable, so the
 * family can try the switch.
 */
export async function seedDemoCoach(db: Db, password: () => Promise<string>) {
  const [held] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'coach@demo.test'));
  if (held) return;
  const [league] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'league@demo.test'));
  let [college] = await db.select().from(schools).where(eq(schools.ipedsId, DEMO_COLLEGE.ipedsId));
  if (!college) {
    await upsertSchools(db, [DEMO_COLLEGE]);
    [college] = await db.select().from(schools).where(eq(schools.ipedsId, DEMO_COLLEGE.ipedsId));
  }
  const hashed = await password();
  await db.transaction(async (tx) => {
    const [coach] = await tx
      .insert(users)
      .values({
        username: 'coach@demo.test',
        email: 'coach@demo.test',
        password: hashed,
        role: 'coach',
        firstName: 'Cam',
        lastName: 'Coach',
        isEmailVerified: true,
      })
      .returning();
    await tx.insert(coaches).values({
      userId: coach.id,
      schoolId: college.id,
      title: 'Recruiting Coordinator',
      division: 'NCAA D1',
      status: 'approved',
      domainMatched: false,
      decidedAt: new Date(),
    });
    // The league's shared players become discoverable; the league's owner confirms being their guardian.
    if (league)
      await tx.execute(sql`
        insert into player_discovery (player_id, guardian_confirmed_by)
        select p.id, ${league.id} from players p
        join profile_shares s on s.player_id = p.id and s.enabled
        where p.user_id = ${league.id}
        on conflict do nothing`);
  });
}
