import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACH_AWAITING, COACH_SUSPENDED, COACH_VERIFIED_ADMIN } from '../../../contract/coach';
import { publicMailDomain } from '../../../contract/coach-domains';
import { collegeAthleticsDomains, schools, users } from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  lastMailTo,
  linkFrom,
  login,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { createPlayer } from '../analysis/analysis.fixtures';
import { upsertSchools } from '../players';
import { completedSpeed } from '../sharing/sharing.fixtures';
import { applyCoach, college, curate } from './coach.fixtures';

/** Issue 50, finding 1 and 2 and 6 (decision 238): only an admin, or a curated athletics domain, makes a coach. */
let t: TestApp;
let admin: TestUser;
let family: TestUser;
let acu: { id: number; ipedsId: number | null };

/** Colleges whose website host is a hospital system's, as the probe found them (ids of their own here). */
const HOSPITAL_COLLEGES = [
  { name: 'Alegent Health School of Radiologic Technology', ipedsId: 99_181_145, website: 'alegent.com' },
  { name: 'Bryan College of Health Sciences', ipedsId: 99_181_020, website: 'bryanhealth.com' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  family = await createUser(t);
  acu = await college(t);
  await upsertSchools(
    t.db,
    HOSPITAL_COLLEGES.map((c) => ({ level: 'College' as const, city: 'Omaha', state: 'NE', ...c })),
  );
});
afterAll(() => t.close());

const get = (u: TestUser | null, url: string) => as(t, u, { method: 'GET', url });
const post = (u: TestUser | null, url: string, payload?: object) =>
  as(t, u, { method: 'POST', url, payload: payload ?? {} });
const applications = async () =>
  (await get(admin, '/api/admin/coach-applications')).json<Record<string, unknown>[]>();
const applicationOf = async (id: number) => (await applications()).find((a) => a.id === id)!;
const domainsUrl = (ipedsId: number, id?: string) =>
  `/api/admin/colleges/${ipedsId}/athletics-domains${id ? `/${id}` : ''}`;

describe("the college's website host approves nobody (finding 1)", () => {
  const cases = [
    { local: 'x', domain: 'students.acu.edu', ipedsId: 222178 },
    { local: 'x', domain: 'alumni.acu.edu', ipedsId: 222178 },
    { local: 'nurse', domain: 'alegent.com', ipedsId: 99_181_145 },
    { local: 'staff', domain: 'bryanhealth.com', ipedsId: 99_181_020 },
  ];
  for (const c of cases)
    it(`${c.local}@${c.domain} waits for an admin after the email link, and the admin sees the hint`, async () => {
      const applied = await applyCoach(t, { domain: c.domain, local: c.local, ipedsId: c.ipedsId });
      expect(applied.status).toBe('awaiting-admin');
      for (const url of ['/api/coach/search', `/api/coach/players/1`, '/api/coach/watchlist']) {
        const res = await get(applied, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(COACH_AWAITING);
      }
      expect((await post(applied, '/api/coach/players/1/connect', { message: 'Hello' })).statusCode).toBe(
        403,
      );
      expect(await applicationOf(applied.applicationId)).toMatchObject({
        status: 'awaiting-admin',
        emailVerified: true,
        emailDomain: c.domain,
        websiteDomainMatch: true,
        domainMatched: false,
        domainMatchesNow: false,
        approvedByDomain: null,
      });
    });

  it("even with the website host curated (exact host), a subdomain of it is not the college's", async () => {
    await curate(t, acu.id, 'acu.edu');
    const student = await applyCoach(t, { domain: 'students.acu.edu' });
    expect(student.status).toBe('awaiting-admin');
    expect((await get(student, '/api/coach/search')).statusCode).toBe(403);
    const exact = await applyCoach(t, { domain: 'acu.edu' });
    expect(exact.status).toBe('verify-email');
    expect((await get(exact, '/api/coach/search')).statusCode).toBe(200);
    await t.db.delete(collegeAthleticsDomains).where(eq(collegeAthleticsDomains.domain, 'acu.edu'));
  });

  it("the coach's 'email verified' page says an admin will approve the account", async () => {
    const applied = await applyCoach(t, { domain: 'students.acu.edu', verify: false });
    const mail = await lastMailTo(t, applied.email);
    const { token } = linkFrom(mail!.text ?? '', '/verify-email');
    const res = await post(null, '/api/auth/verify-email', { token, email: applied.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(COACH_VERIFIED_ADMIN);
  });
});

describe('a curated athletics domain approves, once the address is verified', () => {
  it('exact host only, unless the admin ticked includeSubdomains', async () => {
    const add = await post(admin, domainsUrl(222178), { domain: 'acuwildcats.com' });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().includeSubdomains).toBe(false);
    const exact = await applyCoach(t, { domain: 'acuwildcats.com' });
    expect(exact.status).toBe('verify-email');
    expect((await get(exact, '/api/coach/search')).statusCode).toBe(200);
    expect(await applicationOf(exact.applicationId)).toMatchObject({
      status: 'approved',
      approvedByDomain: 'acuwildcats.com',
      websiteDomainMatch: false,
    });
    const media = await applyCoach(t, { domain: 'media.acuwildcats.com' });
    expect(media.status).toBe('awaiting-admin');
    expect((await get(media, '/api/coach/search')).statusCode).toBe(403);

    const wide = await post(admin, domainsUrl(222178), { domain: 'acusports.net', includeSubdomains: true });
    expect(wide.statusCode, wide.body).toBe(201);
    const sub = await applyCoach(t, { domain: 'coaches.acusports.net' });
    expect(sub.status).toBe('verify-email');
    expect((await get(sub, '/api/coach/search')).statusCode).toBe(200);
    expect(
      (await as(t, admin, { method: 'DELETE', url: domainsUrl(222178, 'acusports.net') })).statusCode,
    ).toBe(204);
  });

  it('an application at a domain removed before the address is verified waits for an admin', async () => {
    await curate(t, acu.id, 'acu-late.com');
    const late = await applyCoach(t, { domain: 'acu-late.com', verify: false });
    expect(late.status).toBe('verify-email');
    const gone = await as(t, admin, { method: 'DELETE', url: domainsUrl(222178, 'acu-late.com') });
    expect(gone.statusCode).toBe(204);
    const mail = await lastMailTo(t, late.email);
    const { token } = linkFrom(mail!.text ?? '', '/verify-email');
    await post(null, '/api/auth/verify-email', { token, email: late.email });
    const signedIn = { ...late, cookie: await login(t, late.email, late.password) };
    expect((await get(signedIn, '/api/coach/search')).statusCode).toBe(403);
    expect(await applicationOf(late.applicationId)).toMatchObject({ status: 'awaiting-admin' });
  });

  it('a public mail domain is refused as an athletics domain, and approves nobody even if the table holds it', async () => {
    for (const domain of ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'comcast.net']) {
      const res = await post(admin, domainsUrl(222178), { domain, includeSubdomains: true });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().errors).toEqual({ domain: publicMailDomain(domain) });
    }
    await curate(t, acu.id, 'gmail.com');
    const anyone = await applyCoach(t, { domain: 'gmail.com' });
    expect(anyone.status).toBe('awaiting-admin');
    expect((await get(anyone, '/api/coach/search')).statusCode).toBe(403);
    await t.db.delete(collegeAthleticsDomains).where(eq(collegeAthleticsDomains.domain, 'gmail.com'));
  });
});

describe('removing an athletics domain (finding 2)', () => {
  it('moves the coaches it approved back to awaiting an admin at once, lists them and mails each', async () => {
    await post(admin, domainsUrl(222178), { domain: 'acu-revoke.com' });
    const approved = await applyCoach(t, { domain: 'acu-revoke.com', name: 'Rita Revoked' });
    expect((await get(approved, '/api/coach/search')).statusCode).toBe(200);
    const byAdmin = await applyCoach(t, { domain: 'acu-revoke.com', verify: false });
    expect(
      (await post(admin, `/api/admin/coach-applications/${byAdmin.applicationId}/approve`)).statusCode,
    ).toBe(200);

    const res = await as(t, admin, { method: 'DELETE', url: domainsUrl(222178, 'acu-revoke.com') });
    expect(res.statusCode).toBe(204);
    const refused = await get(approved, '/api/coach/search');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COACH_AWAITING);
    expect(await applicationOf(approved.applicationId)).toMatchObject({
      status: 'awaiting-admin',
      approvedByDomain: null,
      domainMatchesNow: false,
    });
    expect((await applications())[0]).toMatchObject({ status: 'awaiting-admin' });
    const mail = await lastMailTo(t, approved.email);
    expect(mail?.subject).toBe('Your coach account is waiting for an admin');
    expect(mail?.text).toContain('acu-revoke.com');
    // An admin's approval does not hang on a domain.
    expect(await applicationOf(byAdmin.applicationId)).toMatchObject({ status: 'approved' });
    expect(await lastMailTo(t, byAdmin.email)).toMatchObject({ subject: 'Your coach account is approved' });
  });

  it('a coach a domain approved who changes the address to another host waits for an admin', async () => {
    await curate(t, acu.id, 'acu-move.com');
    const mover = await applyCoach(t, { domain: 'acu-move.com' });
    expect((await get(mover, '/api/coach/search')).statusCode).toBe(200);
    await t.db.update(users).set({ email: 'mover@gmail.com' }).where(eq(users.id, mover.id));
    const signedIn = { ...mover, cookie: await login(t, mover.email, mover.password) };
    expect((await get(signedIn, '/api/coach/watchlist')).statusCode).toBe(403);
    expect((await get(signedIn, '/api/coach/search')).statusCode).toBe(403);
  });
});

describe("the admin's approval", () => {
  it('shows what was checked and may correct the division', async () => {
    const applied = await applyCoach(t, { domain: 'yahoo.com', division: 'NCAA D3', name: 'Dee Division' });
    expect(await applicationOf(applied.applicationId)).toMatchObject({
      name: 'Dee Division',
      title: 'Recruiting Coordinator',
      college: 'Abilene Christian University',
      collegeWebsite: 'acu.edu',
      emailDomain: 'yahoo.com',
      division: 'NCAA D3',
    });
    const url = `/api/admin/coach-applications/${applied.applicationId}/approve`;
    expect((await post(admin, url, { division: 'NCAA D4' })).statusCode).toBe(400);
    const ok = await post(admin, url, { division: 'NAIA' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', division: 'NAIA', approvedByDomain: null });
    expect((await get(applied, '/api/coach/search')).statusCode).toBe(200);
  });

  it('a division is required of a new application', async () => {
    const res = await post(null, '/api/coach/applications', {
      name: 'No Division',
      title: 'Coach',
      collegeIpedsId: 222178,
      email: 'nodiv@acuathletics.com',
      password: 'secret123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ division: 'Pick your division' });
  });
});

describe('finding 6', () => {
  it('an unsigned unsubscribe with a 10-digit coach id is a 4xx, not a 500', async () => {
    for (const id of ['9999999999', '2147483648', '0000000000']) {
      const res = await post(null, '/api/coach/unsubscribe', { token: `${id}.${'a'.repeat(43)}` });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it("the export leaves out a family's contact address once the family turned discovery off", async () => {
    const coach = await applyCoach(t);
    const player = await createPlayer(t, family, { dateOfBirth: '2000-01-01', graduationYear: 2026 });
    await completedSpeed(t, player.id, 19.5);
    const discover = (enabled: boolean) =>
      as(t, family, {
        method: 'PUT',
        url: `/api/players/${player.id}/discovery`,
        payload: { enabled, guardianConfirmed: true },
      });
    expect((await discover(true)).statusCode).toBe(200);
    expect((await post(coach, `/api/coach/players/${player.id}/connect`, { message: 'Hi' })).statusCode).toBe(
      201,
    );
    const [message] = (await get(family, '/api/coach-messages')).json();
    await post(family, `/api/coach-messages/${message.id}/accept`, {
      contactEmail: 'reach.us@family.example',
    });
    const before = await get(coach, '/api/account/export');
    expect(before.statusCode).toBe(200);
    expect(before.json().coachMessagesSent[0]).toMatchObject({ contactEmail: 'reach.us@family.example' });

    expect((await discover(false)).statusCode).toBe(200);
    const after = await get(coach, '/api/account/export');
    expect(after.statusCode).toBe(200);
    expect(after.json().coachMessagesSent[0]).toMatchObject({ playerId: player.id, contactEmail: null });
    expect(after.body).not.toContain('reach.us@family.example');
  });

  it('a suspended coach cannot download the export', async () => {
    const coach = await applyCoach(t);
    await post(admin, `/api/admin/coaches/${coach.id}/suspend`);
    const again = { ...coach, cookie: await login(t, coach.email, coach.password) };
    const res = await get(again, '/api/account/export');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(COACH_SUSPENDED);
  });
});

// Keeps the hospital colleges' rows honest: they are colleges with a website host, as in the directory.
it('the hospital colleges are in the directory as colleges with their website hosts', async () => {
  const rows = await t.db.select().from(schools).where(eq(schools.ipedsId, 99_181_145));
  expect(rows[0]).toMatchObject({ level: 'College', website: 'alegent.com' });
});
