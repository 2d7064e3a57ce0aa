import { eq } from 'drizzle-orm';
import type { CoachDivision } from '../../../contract/coach-calendar';
import { analysisKind } from '../../../contract/analysis-kinds';
import { analysisRequests, collegeAthleticsDomains, kindReceipts, schools } from '../../db/schema';
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

/** The athletics domain the fixture's coaches apply at unless told otherwise: curated for ACU, exact host. */
export const FIXTURE_DOMAIN = 'acuathletics.com';

/** Makes a domain one of the college's curated athletics domains, as an admin's POST would. */
export async function curate(t: TestApp, schoolId: number, domain: string, includeSubdomains = false) {
  await t.db
    .insert(collegeAthleticsDomains)
    .values({ schoolId, domain, includeSubdomains })
    .onConflictDoNothing();
}

let seq = 0;
/**
 * Applies, follows the verification link, signs in and opens the coach area once. Without a domain the address is at the fixture's
 * curated athletics domain, so the coach is approved by its first coach request (decision 238); any
 * other domain is the caller's to curate or not. A D3 coach unless told: the NCAA calendar does not apply.
 */
export async function applyCoach(
  t: TestApp,
  o: {
    domain?: string;
    name?: string;
    division?: CoachDivision;
    ipedsId?: number;
    local?: string;
    verify?: boolean;
  } = {},
): Promise<TestUser & { applicationId: number; status: string }> {
  const c = await college(t);
  if (!o.domain) await curate(t, c.id, FIXTURE_DOMAIN);
  const n = ++seq;
  const email = `${o.local ?? `coach${n}`}@${o.domain ?? FIXTURE_DOMAIN}`;
  const password = 'secret123';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coach/applications',
    payload: {
      name: o.name ?? `Pat Coach${n}`,
      title: 'Recruiting Coordinator',
      division: o.division ?? 'NCAA D3',
      collegeIpedsId: o.ipedsId ?? c.ipedsId,
      email,
      password,
    },
  });
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  const id = Number(res.json().id);
  const applied = { id: 0, email, password, cookie: '', applicationId: id, status: res.json().status };
  if (o.verify === false) return applied;
  const mail = await lastMailTo(t, email);
  const { token } = linkFrom(mail!.text ?? '', '/verify-email');
  await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, email } });
  const cookie = await login(t, email, password);
  const me = await as(t, { cookie } as TestUser, { method: 'GET', url: '/api/user' });
  // The coach area opened once: a coach at a curated domain is approved then (decision 238).
  await as(t, { cookie } as TestUser, { method: 'GET', url: '/api/coach/watchlist' });
  return { ...applied, id: me.json().id, cookie };
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
  await t.db.insert(kindReceipts).values({
    requestId: r.id,
    kind: 'forty',
    direction: 'lower',
    analystName: 'Ana Lyst',
    value: seconds,
    plusMinus,
    methodLabel: 'video 240 fps',
    data: { result: { splits: [] } },
    stillKeys: [],
  });
  return r;
}

/** A completed result of a kind kept in kind_receipts, written straight to the database (no video work). */
export async function completedKindResult(
  t: TestApp,
  playerId: number,
  kind: string,
  value: number,
  plusMinus: number,
) {
  const [r] = await t.db
    .insert(analysisRequests)
    .values({
      playerId,
      hudlUrl: '',
      season: 2025,
      status: 'completed',
      requestType: kind,
      completedAt: new Date(),
    })
    .returning();
  await t.db.insert(kindReceipts).values({
    requestId: r.id,
    kind,
    direction: analysisKind(kind).direction,
    analystName: 'Ana Lyst',
    value,
    plusMinus,
    methodLabel: 'video 240 fps',
    data: {},
    stillKeys: [],
  });
  return r;
}
