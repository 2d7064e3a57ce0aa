import { eq } from 'drizzle-orm';
import { analysisRequests, fortyReceipts, schools } from '../../db/schema';
import { upsertSchools } from '../players';
import { as, lastMailTo, linkFrom, login, type TestApp, type TestUser } from '../../test/helpers';

/**
 * A college as the shipped directory holds it, with its IPEDS id and website host (the tests' school
 * sample has neither): Abilene Christian University, acu.edu.
 */
export async function college(t: TestApp) {
  const [held] = await t.db.select().from(schools).where(eq(schools.ipedsId, 222178));
  if (held) return held;
  await upsertSchools(t.db, [
    {
      level: 'College',
      name: 'Abilene Christian University',
      city: 'Abilene',
      state: 'TX',
      ipedsId: 222178,
      website: 'acu.edu',
    },
  ]);
  const [c] = await t.db.select().from(schools).where(eq(schools.ipedsId, 222178));
  return c;
}

let seq = 0;
/** Applies, follows the verification link and signs in; approved when the email is the college's. */
export async function applyCoach(
  t: TestApp,
  o: { domain?: string; name?: string } = {},
): Promise<TestUser & { applicationId: number; status: string }> {
  const c = await college(t);
  const email = `coach${++seq}@${o.domain ?? 'acu.edu'}`;
  const password = 'secret123';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coach/applications',
    payload: {
      name: o.name ?? `Pat Coach${seq}`,
      title: 'Recruiting Coordinator',
      collegeIpedsId: c.ipedsId,
      email,
      password,
    },
  });
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  const mail = await lastMailTo(t, email);
  const { token } = linkFrom(mail!.text ?? '', '/verify-email');
  await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, email } });
  const cookie = await login(t, email, password);
  const id = Number(res.json().id);
  const me = await as(t, { cookie } as TestUser, { method: 'GET', url: '/api/user' });
  return { id: me.json().id, email, password, cookie, applicationId: id, status: res.json().status };
}

/** A completed verified 40 with its receipt row written straight to the database (no video work). */
export async function completedForty(t: TestApp, playerId: number, seconds: number, plusMinus = 0.01) {
  const [r] = await t.db
    .insert(analysisRequests)
    .values({
      playerId,
      hudlUrl: 'https://www.hudl.com/video/1',
      season: 2025,
      status: 'completed',
      requestType: 'forty',
      completedAt: new Date(),
    })
    .returning();
  await t.db.insert(fortyReceipts).values({
    requestId: r.id,
    analystName: 'Ana Lyst',
    seconds,
    plusMinus,
    methodLabel: 'video 240 fps',
    data: { result: { splits: [] } },
    stillKeys: [],
  });
  return r;
}
