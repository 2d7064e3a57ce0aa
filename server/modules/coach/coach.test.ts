import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACH_AWAITING, COACH_SUSPENDED, GUARDIAN_REQUIRED } from '../../../contract/coach';
import {
  as,
  createTestApp,
  createUser,
  lastMailTo,
  login,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { createPlayer } from '../analysis/analysis.fixtures';
import {
  completedIga,
  completedSpeed,
  HIDDEN_BY_DEFAULT,
  PARENT,
  PRIVATE,
  sharedPlayerFixture,
} from '../sharing/sharing.fixtures';
import { applyCoach, college, completedForty, completedKindResult } from './coach.fixtures';

let t: TestApp;
let family: TestUser;
let admin: TestUser;
let coach: Awaited<ReturnType<typeof applyCoach>>;
let star: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  coach = await applyCoach(t);
  star = await sharedPlayerFixture(t, family);
  await completedSpeed(t, star.id, 21.7);
  await completedIga(t, star.id, 84);
});
afterAll(() => t.close());

const get = (u: TestUser, url: string) => as(t, u, { method: 'GET', url });
const post = (u: TestUser | null, url: string, payload?: object) =>
  as(t, u, { method: 'POST', url, payload: payload ?? {} });
const discover = (u: TestUser, id: number, enabled: boolean, guardianConfirmed = true) =>
  as(t, u, { method: 'PUT', url: `/api/players/${id}/discovery`, payload: { enabled, guardianConfirmed } });

/** Every value no coach answer may carry: address, phone, email, date of birth, the parent's name. */
const PRIVATE_VALUES = [
  PRIVATE.addressLine1,
  PRIVATE.phone,
  PRIVATE.email,
  PRIVATE.dateOfBirth,
  PRIVATE.zipCode,
  PARENT.firstName,
  PARENT.lastName,
  HIDDEN_BY_DEFAULT.twitterHandle,
];
const leaks = (body: string) => PRIVATE_VALUES.filter((v) => body.includes(v));

describe('coach applications', () => {
  it('a work email at an athletics domain an admin curated for the college is approved once verified', async () => {
    expect(coach.status).toBe('verify-email');
    const res = await get(coach, '/api/coach/search');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('any other email waits for an admin: the coach signs in but every coach route answers 403 until approved', async () => {
    const other = await applyCoach(t, { domain: 'gmail.com', name: 'Gale Waiting' });
    expect(other.status).toBe('awaiting-admin');
    for (const url of [
      '/api/coach/search',
      '/api/coach/watchlist',
      '/api/coach/connections',
      `/api/coach/players/${star.id}`,
    ]) {
      const res = await get(other, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(COACH_AWAITING);
    }
    const list = await get(admin, '/api/admin/coach-applications');
    expect(list.json()[0]).toMatchObject({
      id: other.applicationId,
      name: 'Gale Waiting',
      status: 'awaiting-admin',
      college: 'Abilene Christian University',
      division: 'NCAA D3',
      emailDomain: 'gmail.com',
      domainMatched: false,
      websiteDomainMatch: false,
    });
    const ok = await post(admin, `/api/admin/coach-applications/${other.applicationId}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved');
    expect((await lastMailTo(t, other.email))?.subject).toBe('Your coach account is approved');
    expect((await get(other, '/api/coach/search')).statusCode).toBe(200);
    expect(
      (await post(admin, `/api/admin/coach-applications/${other.applicationId}/approve`)).statusCode,
    ).toBe(409);
  });

  it('an admin declines with a reason, which is mailed to the applicant', async () => {
    const other = await applyCoach(t, { domain: 'yahoo.com' });
    expect(
      (await post(admin, `/api/admin/coach-applications/${other.applicationId}/decline`, {})).statusCode,
    ).toBe(400);
    const res = await post(admin, `/api/admin/coach-applications/${other.applicationId}/decline`, {
      reason: 'We could not confirm you coach at this college',
    });
    expect(res.json()).toMatchObject({
      status: 'declined',
      declineReason: 'We could not confirm you coach at this college',
    });
    const mail = await lastMailTo(t, other.email);
    expect(mail?.text).toContain('Reason: We could not confirm you coach at this college');
    expect((await get(other, '/api/coach/search')).statusCode).toBe(403);
  });

  it('refuses an application without a known college or fields, with field messages', async () => {
    const bad = await post(null, '/api/coach/applications', {
      name: '',
      title: 'x',
      collegeIpedsId: 1,
      email: 'x',
      password: 'a',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required', email: 'Must be a valid email' });
    const unknown = await post(null, '/api/coach/applications', {
      name: 'A B',
      title: 'Coach',
      division: 'NAIA',
      collegeIpedsId: 1,
      email: 'a@acu.edu',
      password: 'secret123',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ collegeIpedsId: 'Pick your college from the list' });
  });

  it('an address that has an account answers like a new one and mails its holder', async () => {
    const c = await college(t);
    const res = await post(null, '/api/coach/applications', {
      name: 'A B',
      title: 'Coach',
      division: 'NCAA D2',
      collegeIpedsId: c.ipedsId,
      email: family.email,
      password: 'secret123',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('awaiting-admin');
    expect((await lastMailTo(t, family.email))?.subject).toBe('Someone tried to sign up with your email');
  });

  it('school search for level College answers the IPEDS id', async () => {
    const res = await post(family, '/api/schools/search', {
      searchTerm: 'Abilene Christian',
      level: 'College',
    });
    expect(res.json()[0]).toMatchObject({ name: 'Abilene Christian University', ipedsId: 222178 });
  });
});

describe('the family decides', () => {
  it('a player under 18 needs the guardian confirmation; off by default and not searchable', async () => {
    expect((await get(family, `/api/players/${star.id}/discovery`)).json()).toEqual({ enabled: false });
    expect((await get(coach, '/api/coach/search')).json().items).toEqual([]);
    const refused = await discover(family, star.id, true, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ guardianConfirmed: GUARDIAN_REQUIRED });
    const on = await discover(family, star.id, true);
    expect(on.json()).toEqual({ enabled: true });
  });

  it("another family, staff and coaches cannot turn on someone else's switch", async () => {
    const other = await createUser(t);
    expect((await discover(other, star.id, true)).statusCode).toBe(404);
    expect((await discover(admin, star.id, false)).statusCode).toBe(404);
    expect((await discover(coach, star.id, false)).statusCode).toBe(403);
  });
});

describe('search and profile', () => {
  it('lists a discoverable player with verified numbers, receipts and no contact data', async () => {
    const res = await get(coach, '/api/coach/search?sort=speed');
    expect(res.statusCode).toBe(200);
    const item = res.json().items.find((i: { playerId: number }) => i.playerId === star.id);
    expect(item).toMatchObject({
      name: 'Casey Sharewell',
      classYear: 2027,
      position: 'Wide Receiver',
      school: 'Central High',
      maxSpeed: { mph: 21.7, plusMinusMph: 0.4 },
      iga: { score: 84 },
    });
    expect(leaks(res.body)).toEqual([]);
    const receipt = await get(coach, item.maxSpeed.receiptUrl);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('21.7 mph');
    const iga = await get(coach, item.iga.receiptUrl);
    expect(iga.body).toContain('IGA Score');
  });

  it('leaves out a discoverable player with no completed analysis', async () => {
    const bare = await createPlayer(t, family, { firstName: 'Nomeasure', dateOfBirth: '2000-01-01' });
    expect((await discover(family, bare.id, true, false)).statusCode).toBe(200);
    const res = await get(coach, '/api/coach/search');
    expect(res.body).not.toContain('Nomeasure');
    expect((await get(coach, `/api/coach/players/${bare.id}`)).statusCode).toBe(404);
  });

  it('filters, sorts best first and pages 25 at a time with a cursor', async () => {
    for (let i = 0; i < 30; i++) {
      const p = await createPlayer(t, family, {
        graduationYear: 2026 + (i % 3),
        schoolState: i % 2 ? 'TX' : 'OK',
        dateOfBirth: '2000-01-01',
      });
      await completedSpeed(t, p.id, 15 + i * 0.1);
      await discover(family, p.id, true, false);
    }
    const first = (await get(coach, '/api/coach/search?sort=speed')).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0].playerId).toBe(star.id);
    const speeds = first.items.map((i: { maxSpeed: { mph: number } }) => i.maxSpeed.mph);
    expect(speeds).toEqual([...speeds].sort((a, b) => b - a));
    const second = (await get(coach, `/api/coach/search?sort=speed&cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(6);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((i: { playerId: number }) => i.playerId);
    expect(new Set(ids).size).toBe(31);
    const tx = (
      await get(coach, '/api/coach/search?state=TX&minSpeedMph=17&classFrom=2027&classTo=2027')
    ).json();
    for (const i of tx.items) {
      expect(i.state).toBe('TX');
      expect(i.maxSpeed.mph).toBeGreaterThanOrEqual(17);
      expect(i.classYear).toBe(2027);
    }
    expect(tx.items.length).toBeGreaterThan(0);
    const byClass = (await get(coach, '/api/coach/search?sort=class'))
      .json()
      .items.map((i: { classYear: number }) => i.classYear);
    expect(byClass).toEqual([...byClass].sort((a, b) => a - b));
    expect(
      (await get(coach, '/api/coach/search?minIga=80'))
        .json()
        .items.map((i: { playerId: number }) => i.playerId),
    ).toEqual([star.id]);
    expect((await get(coach, '/api/coach/search?sort=fastest')).statusCode).toBe(400);
    expect((await get(coach, '/api/coach/search?state=Texas')).statusCode).toBe(400);
  });

  it('opening a profile shows the public content and tells the family which college viewed, and when', async () => {
    const res = await get(coach, `/api/coach/players/${star.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      playerId: star.id,
      name: 'Casey Sharewell',
      twitter: null,
      academics: null,
    });
    expect(leaks(res.body)).toEqual([]);
    const views = (await get(family, `/api/players/${star.id}/coach-views`)).json();
    expect(views[0]).toMatchObject({ college: 'Abilene Christian University' });
    expect(Object.keys(views[0]).sort()).toEqual(['college', 'viewedAt']);
    expect((await get(coach, `/api/players/${star.id}/coach-views`)).statusCode).toBe(403);
    expect((await get(family, `/api/coach/players/${star.id}`)).statusCode).toBe(403);
  });
});

describe('watch list and connect', () => {
  it('watches with a note, connects once, the family accepts and the coach sees the email', async () => {
    const w = await post(coach, '/api/coach/watchlist', { playerId: star.id, note: 'Fast hands' });
    expect(w.statusCode, w.body).toBe(201);
    expect((await get(coach, '/api/coach/watchlist')).json()).toMatchObject([
      { playerId: star.id, note: 'Fast hands', newVerifiedNumber: false, kindResults: [] },
    ]);
    // A kind kept in kind_receipts (decision 243) shows on the watch list, named from its registry entry.
    const jump = await completedKindResult(t, star.id, 'vertical_jump', 26.4, 0.3);
    // With the coach's receipt link of the result (decision 269; the search's own link of it).
    const receiptUrl = `/api/coach/players/${star.id}/receipts/${jump.id}`;
    expect((await get(coach, '/api/coach/watchlist')).json()[0].kindResults).toEqual([
      { kind: 'vertical_jump', label: 'Vertical jump', text: '26.4 in ± 0.3', receiptUrl },
    ]);
    expect(
      (await post(coach, `/api/coach/players/${star.id}/connect`, { message: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    const c = await post(coach, `/api/coach/players/${star.id}/connect`, {
      message: 'We would love to talk about our camp.',
    });
    expect(c.statusCode, c.body).toBe(201);
    expect((await lastMailTo(t, family.email))?.text).toContain('We would love to talk about our camp.');
    expect(
      (await post(coach, `/api/coach/players/${star.id}/connect`, { message: 'Again' })).statusCode,
    ).toBe(429);
    expect((await get(coach, '/api/coach/connections')).json()).toMatchObject([
      { playerId: star.id, status: 'pending', contactEmail: null },
    ]);
    const messages = (await get(family, '/api/coach-messages')).json();
    expect(messages[0]).toMatchObject({
      coach: { title: 'Recruiting Coordinator', college: 'Abilene Christian University' },
      status: 'pending',
    });
    expect(
      (await post(coach, `/api/coach-messages/${messages[0].id}/accept`, { contactEmail: 'a@b.co' }))
        .statusCode,
    ).toBe(403);
    const other = await createUser(t);
    expect(
      (await post(other, `/api/coach-messages/${messages[0].id}/accept`, { contactEmail: 'a@b.co' }))
        .statusCode,
    ).toBe(404);
    const ok = await post(family, `/api/coach-messages/${messages[0].id}/accept`, {
      contactEmail: 'recruiting@family.example',
    });
    expect(ok.json()).toMatchObject({ status: 'accepted', contactEmail: 'recruiting@family.example' });
    expect((await post(family, `/api/coach-messages/${messages[0].id}/decline`)).statusCode).toBe(409);
    expect((await get(coach, '/api/coach/connections')).json()[0]).toMatchObject({
      status: 'accepted',
      contactEmail: 'recruiting@family.example',
    });
  });

  it('a declined request tells the coach politely, without a reason', async () => {
    const c2 = await applyCoach(t);
    await post(c2, `/api/coach/players/${star.id}/connect`, { message: 'Hello' });
    const mine = (await get(family, '/api/coach-messages'))
      .json()
      .find((m: { status: string }) => m.status === 'pending');
    expect((await post(family, `/api/coach-messages/${mine.id}/decline`)).json().status).toBe('declined');
    expect((await get(c2, '/api/coach/connections')).json()[0]).toEqual(
      expect.objectContaining({ status: 'declined', contactEmail: null }),
    );
    expect((await lastMailTo(t, c2.email))?.text).toContain('not able to connect at this time');
  });

  it('allows 20 requests per coach per day', async () => {
    const busy = await applyCoach(t);
    const { items } = (await get(busy, '/api/coach/search?sort=recent')).json();
    const ids = [...items.map((i: { playerId: number }) => i.playerId)];
    for (const id of ids.slice(0, 20))
      expect((await post(busy, `/api/coach/players/${id}/connect`, { message: 'Hi' })).statusCode).toBe(201);
    const res = await post(busy, `/api/coach/players/${ids[20]}/connect`, { message: 'Hi' });
    expect(res.statusCode).toBe(429);
  });

  it('an admin reads the contact and view log of a player; nobody else does', async () => {
    const log = (await get(admin, `/api/admin/players/${star.id}/coach-log`)).json();
    expect(log.views[0]).toMatchObject({ coachEmail: coach.email, college: 'Abilene Christian University' });
    expect(log.contacts.length).toBeGreaterThanOrEqual(2);
    expect((await get(family, `/api/admin/players/${star.id}/coach-log`)).statusCode).toBe(403);
  });
});

describe('the verified 40 in the search (issue 28)', () => {
  it('lists a player whose only number is a 40, with its fastest 40, bound and receipt', async () => {
    const p = await createPlayer(t, family, { firstName: 'Onlyforty', dateOfBirth: '2000-01-01' });
    await discover(family, p.id, true, false);
    await completedForty(t, p.id, 4.71, 0.02);
    const fastest = await completedForty(t, p.id, 4.62);
    await completedForty(t, p.id, 4.8);
    const res = await get(coach, '/api/coach/search?sort=forty');
    expect(res.statusCode).toBe(200);
    const item = res.json().items.find((i: { playerId: number }) => i.playerId === p.id);
    expect(item).toMatchObject({
      name: expect.stringMatching(/^Onlyforty /),
      maxSpeed: null,
      iga: null,
      forty: {
        seconds: 4.62,
        plusMinusSeconds: 0.01,
        receiptUrl: `/api/coach/players/${p.id}/receipts/${fastest.id}`,
      },
    });
    expect((await get(coach, `/api/coach/players/${p.id}`)).json().forty.text).toBe(
      '4.62 s ± 0.01 (video 240 fps)',
    );
  });

  it('sorts fastest first (players without a 40 last) and filters on a 40 of at most N seconds', async () => {
    const runners = [];
    for (const seconds of [5.05, 4.48, 4.9]) {
      const p = await createPlayer(t, family, { dateOfBirth: '2000-01-01' });
      await completedSpeed(t, p.id, 16);
      await completedForty(t, p.id, seconds);
      await discover(family, p.id, true, false);
      runners.push(p);
    }
    const all: { playerId: number; forty: { seconds: number } | null }[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: typeof all; nextCursor: string | null } = (
        await get(coach, `/api/coach/search?sort=forty${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const timed = all.filter((i) => i.forty).map((i) => i.forty!.seconds);
    expect(timed).toEqual([4.48, 4.62, 4.9, 5.05]);
    expect(all.slice(0, 4).every((i) => i.forty)).toBe(true);
    expect(all.slice(4).every((i) => !i.forty)).toBe(true);
    expect(all.length).toBeGreaterThan(30);
    const fast = (await get(coach, '/api/coach/search?sort=speed&maxFortySeconds=4.9')).json();
    expect(fast.items.map((i: { forty: { seconds: number } }) => i.forty.seconds).sort()).toEqual([
      4.48, 4.62, 4.9,
    ]);
    for (const bad of ['fast', '3.5', '11'])
      expect((await get(coach, `/api/coach/search?maxFortySeconds=${bad}`)).statusCode).toBe(400);
    expect((await get(coach, '/api/coach/search?maxFortySeconds=fast')).json().message).toContain(
      '40 at most',
    );
  });

  it("a 40 the family's checklist hides is not shown, filtered on or sorted by, and a player with only that is not listed", async () => {
    const both = await createPlayer(t, family, { firstName: 'Hidesforty', dateOfBirth: '2000-01-01' });
    await completedSpeed(t, both.id, 18.2);
    await completedForty(t, both.id, 4.41);
    await discover(family, both.id, true, false);
    const only = await createPlayer(t, family, { firstName: 'Hiddenonly', dateOfBirth: '2000-01-01' });
    await completedForty(t, only.id, 4.42);
    await discover(family, only.id, true, false);
    const ids = async (q: string) =>
      (await get(coach, `/api/coach/search?${q}`)).json().items.map((i: { playerId: number }) => i.playerId);
    expect((await ids('sort=forty')).slice(0, 2)).toEqual([both.id, only.id]);

    for (const p of [both, only]) {
      const hide = await as(t, family, {
        method: 'PUT',
        url: `/api/players/${p.id}/share`,
        payload: { show: { forty: false } },
      });
      expect(hide.statusCode).toBe(200);
    }
    const res = await get(coach, '/api/coach/search?sort=speed');
    const item = res.json().items.find((i: { playerId: number }) => i.playerId === both.id);
    expect(item).toMatchObject({ maxSpeed: { mph: 18.2 }, forty: null });
    expect(res.body).not.toContain('4.41');
    expect((await get(coach, '/api/coach/search?sort=forty')).body).not.toContain('Hiddenonly');
    expect(await ids('maxFortySeconds=4.45')).toEqual([]);
    expect((await ids('sort=forty')).slice(0, 1)).not.toEqual([both.id]);
    expect((await get(coach, `/api/coach/players/${only.id}`)).statusCode).toBe(404);

    // Shown again: back at the top.
    await as(t, family, {
      method: 'PUT',
      url: `/api/players/${both.id}/share`,
      payload: { show: { forty: true } },
    });
    expect((await ids('sort=forty'))[0]).toBe(both.id);
  });
});

describe('turning the switch off and suspension', () => {
  it('a player whose family turned the switch off is in no answer, search or list', async () => {
    expect((await discover(family, star.id, false)).json()).toEqual({ enabled: false });
    for (const sort of ['speed', 'iga', 'forty', 'class', 'recent'])
      expect((await get(coach, `/api/coach/search?sort=${sort}`)).body).not.toContain('Sharewell');
    expect((await get(coach, '/api/coach/watchlist')).json()).toEqual([]);
    expect((await get(coach, '/api/coach/connections')).body).not.toContain('Sharewell');
    expect((await get(coach, `/api/coach/players/${star.id}`)).statusCode).toBe(404);
    expect((await post(coach, '/api/coach/watchlist', { playerId: star.id })).statusCode).toBe(404);
    await discover(family, star.id, true);
  });

  it('a suspended coach sees nothing and the families forget them', async () => {
    const res = await post(admin, `/api/admin/coaches/${coach.id}/suspend`);
    expect(res.json()).toEqual({ id: coach.id, status: 'suspended' });
    expect((await get(coach, '/api/coach/search')).statusCode).toBe(401);
    const again = { ...coach, cookie: await login(t, coach.email, coach.password) };
    const res2 = await get(again, '/api/coach/search');
    expect(res2.statusCode).toBe(403);
    expect(res2.json().message).toBe(COACH_SUSPENDED);
    expect(
      (await get(family, '/api/coach-messages')).json().map((m: { coach: { name: string } }) => m.coach.name),
    ).not.toContain('Pat Coach1');
    expect((await post(admin, '/api/admin/coaches/999999/suspend')).statusCode).toBe(404);
  });
});
