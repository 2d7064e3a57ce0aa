import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACH_AWAITING, SAVED_SEARCH_FULL, SAVED_SEARCH_MAX } from '../../../contract/coach';
import { analysisRequests, mailOutbox } from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  lastMailTo,
  linkFrom,
  sendQueuedMail,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { createPlayer } from '../analysis/analysis.fixtures';
import { completedIga, completedSpeed, PARENT, PRIVATE } from '../sharing/sharing.fixtures';
import { applyCoach, completedForty, completedKindResult } from './coach.fixtures';
import { sendWeeklyMails } from './saved-searches.service';

const APP_URL = 'http://localhost:5000';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let family: TestUser;
let admin: TestUser;
let coach: Awaited<ReturnType<typeof applyCoach>>;
let other: Awaited<ReturnType<typeof applyCoach>>;

beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  coach = await applyCoach(t, { name: 'Sam Saver' });
  other = await applyCoach(t, { name: 'Olive Other' });
});
afterAll(() => t.close());

const get = (u: TestUser | null, url: string) => as(t, u, { method: 'GET', url });
const post = (u: TestUser | null, url: string, payload?: object) =>
  as(t, u, { method: 'POST', url, payload: payload ?? {} });
const del = (u: TestUser | null, url: string) => as(t, u, { method: 'DELETE', url });
const fastTexans = { name: 'Fast Texans', filters: { state: 'TX', minSpeedMph: 20, sort: 'speed' } };

/** A discoverable player (adult, no guardian step) with a verified Max Speed completed now. */
async function verifiedPlayer(firstName: string, state: string, mph: number, iga?: number) {
  const p = await createPlayer(t, family, { firstName, schoolState: state, dateOfBirth: '2000-01-01' });
  const on = await as(t, family, {
    method: 'PUT',
    url: `/api/players/${p.id}/discovery`,
    payload: { enabled: true, guardianConfirmed: false },
  });
  expect(on.statusCode, on.body).toBe(200);
  await completedSpeed(t, p.id, mph);
  if (iga !== undefined) await completedIga(t, p.id, iga);
  // The fixture dates its completion in 2025; these are verified now (the trigger refreshes coach_search).
  await t.db
    .update(analysisRequests)
    .set({ completedAt: new Date() })
    .where(eq(analysisRequests.playerId, p.id));
  return p;
}

/** The weekly mails a coach got (the verification mail left out). */
async function mailsTo(email: string) {
  await sendQueuedMail(t);
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.filter((m) => m.subject === 'New verified players for your saved searches');
}

describe('saved searches: routes and roles', () => {
  it('a coach saves a search with its filters and sort, lists it and deletes it', async () => {
    const saved = await post(coach, '/api/coach/saved-searches', fastTexans);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      name: 'Fast Texans',
      filters: { state: 'TX', minSpeedMph: 20, sort: 'speed' },
    });
    const list = await get(coach, '/api/coach/saved-searches');
    expect(list.json().map((s: { name: string }) => s.name)).toEqual(['Fast Texans']);
    const gone = await del(coach, `/api/coach/saved-searches/${saved.json().id}`);
    expect(gone.statusCode).toBe(204);
    expect((await get(coach, '/api/coach/saved-searches')).json()).toEqual([]);
    expect((await del(coach, `/api/coach/saved-searches/${saved.json().id}`)).statusCode).toBe(404);
  });

  it('refuses a search without a name or with invalid filters, with field messages', async () => {
    const noName = await post(coach, '/api/coach/saved-searches', { name: ' ', filters: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toMatchObject({ name: 'Name the search' });
    const badState = await post(coach, '/api/coach/saved-searches', {
      name: 'x',
      filters: { state: 'Texas' },
    });
    expect(badState.statusCode).toBe(400);
    expect(JSON.stringify(badState.json().errors)).toContain('State must be a two-letter code');
  });

  it("another coach's search is 404 to delete and absent from their list", async () => {
    const mine = (await post(coach, '/api/coach/saved-searches', fastTexans)).json();
    expect((await del(other, `/api/coach/saved-searches/${mine.id}`)).statusCode).toBe(404);
    expect((await get(other, '/api/coach/saved-searches')).json()).toEqual([]);
    expect((await del(coach, `/api/coach/saved-searches/${mine.id}`)).statusCode).toBe(204);
  });

  it('signed out is 401; a family, an admin and a coach not yet approved are 403', async () => {
    const waiting = await applyCoach(t, { domain: 'gmail.com' });
    const calls = [
      ['GET', '/api/coach/saved-searches'],
      ['POST', '/api/coach/saved-searches'],
      ['DELETE', '/api/coach/saved-searches/1'],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? fastTexans : undefined;
      expect((await as(t, null, { method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(t, family, { method, url, payload })).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(t, admin, { method, url, payload })).statusCode, `${method} ${url}`).toBe(403);
      const res = await as(t, waiting, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(COACH_AWAITING);
    }
  });

  it(`keeps at most ${SAVED_SEARCH_MAX} searches per coach`, async () => {
    const busy = await applyCoach(t);
    for (let i = 0; i < SAVED_SEARCH_MAX; i++)
      expect((await post(busy, '/api/coach/saved-searches', { name: `S${i}`, filters: {} })).statusCode).toBe(
        201,
      );
    const full = await post(busy, '/api/coach/saved-searches', { name: 'One more', filters: {} });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(SAVED_SEARCH_FULL);
  });
});

describe('the weekly mail', () => {
  let mailer: Awaited<ReturnType<typeof applyCoach>>;
  beforeAll(async () => {
    mailer = await applyCoach(t, { name: 'Wendy Weekly' });
    // Verified before the search was saved: never "new" for it.
    await verifiedPlayer('Oldnewsa', 'TX', 23);
    expect((await post(mailer, '/api/coach/saved-searches', fastTexans)).statusCode).toBe(201);
    expect(
      (await post(mailer, '/api/coach/saved-searches', { name: 'Any Oklahoman', filters: { state: 'OK' } }))
        .statusCode,
    ).toBe(201);
  });

  it('sends nothing when nothing new matches', async () => {
    await verifiedPlayer('Slowpokea', 'TX', 17);
    await sendWeeklyMails(t.db, APP_URL);
    expect(await mailsTo(mailer.email)).toEqual([]);
  });

  it('lists the newly verified, discoverable players of each search, with numbers, links and an unsubscribe link; at most once a week', async () => {
    const fast = await verifiedPlayer('Rocketa', 'TX', 22.4, 88);
    await completedForty(t, fast.id, 4.55);
    // A kind kept in kind_receipts (decision 243): the mail's line names it from its registry entry.
    await completedKindResult(t, fast.id, 'vertical_jump', 26.4, 0.3);
    const hidden = await verifiedPlayer('Hiddena', 'TX', 24);
    await as(t, family, {
      method: 'PUT',
      url: `/api/players/${hidden.id}/discovery`,
      payload: { enabled: false, guardianConfirmed: false },
    });
    // A discoverable Texan with no verified number is not in coach_search at all.
    const bare = await createPlayer(t, family, {
      firstName: 'Nonumbera',
      schoolState: 'TX',
      dateOfBirth: '2000-01-01',
    });
    await as(t, family, {
      method: 'PUT',
      url: `/api/players/${bare.id}/discovery`,
      payload: { enabled: true, guardianConfirmed: false },
    });
    const now = new Date();
    expect((await sendWeeklyMails(t.db, APP_URL, now)).sent).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(mailer.email);
    expect(mails).toHaveLength(1);
    const text = mails[0].text ?? '';
    expect(mails[0].subject).toBe('New verified players for your saved searches');
    expect(text).toContain('Fast Texans:');
    expect(text).toContain(`Rocketa`);
    expect(text).toContain(
      `Max Speed 22.4 mph ± 0.4, 40-yard dash 4.55 s ± 0.01, Vertical jump 26.4 in ± 0.3, IGA 88: ${APP_URL}/coach/players/${fast.id}`,
    );
    for (const absent of ['Oldnewsa', 'Slowpokea', 'Hiddena', 'Nonumbera', 'Any Oklahoman'])
      expect(text, absent).not.toContain(absent);
    for (const v of [PRIVATE.phone, PRIVATE.email, PRIVATE.addressLine1, PARENT.lastName])
      expect(text).not.toContain(v);
    expect(text).toMatch(/Stop these weekly emails: http:\/\/localhost:5000\/coach\/unsubscribe\?token=\S+/);

    // Inside the week: nothing more, even with a new match.
    const okie = await verifiedPlayer('Sooner', 'OK', 19);
    await sendWeeklyMails(t.db, APP_URL, new Date(now.getTime() + 6 * DAY));
    expect(await mailsTo(mailer.email)).toHaveLength(1);
    // A week on: only what is new since the last mail.
    await sendWeeklyMails(t.db, APP_URL, new Date(now.getTime() + 7 * DAY + 1000));
    const after = await mailsTo(mailer.email);
    expect(after).toHaveLength(2);
    expect(after[1].text).toContain('Any Oklahoman:');
    expect(after[1].text).toContain(`Sooner`);
    expect(after[1].text).toContain(`${APP_URL}/coach/players/${okie.id}`);
    expect(after[1].text).not.toContain('Rocketa');
    expect(after[1].text).not.toContain('Fast Texans:');
  });

  it('the unsubscribe link works signed out and stops the mail; a forged one is refused', async () => {
    const mail = await lastMailTo(t, mailer.email);
    const { token } = linkFrom(mail?.text ?? '', '/coach/unsubscribe');
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await post(null, '/api/coach/unsubscribe', { token: forged })).statusCode).toBe(404);
    expect((await post(null, '/api/coach/unsubscribe', { token: 'nonsense' })).statusCode).toBe(400);
    const res = await post(null, '/api/coach/unsubscribe', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    expect((await post(null, '/api/coach/unsubscribe', { token })).statusCode).toBe(200);

    await verifiedPlayer('Afterstop', 'OK', 20);
    await sendWeeklyMails(t.db, APP_URL, new Date(Date.now() + 30 * DAY));
    const mails = await mailsTo(mailer.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.text).join()).not.toContain('Afterstop');
  });

  it('a suspended coach gets no mail', async () => {
    const gone = await applyCoach(t);
    await post(gone, '/api/coach/saved-searches', { name: 'All', filters: {} });
    await verifiedPlayer('Suspendeda', 'KS', 21);
    expect((await post(admin, `/api/admin/coaches/${gone.id}/suspend`)).statusCode).toBe(200);
    await sendWeeklyMails(t.db, APP_URL, new Date(Date.now() + 60 * DAY));
    expect(await mailsTo(gone.email)).toEqual([]);
  });
});
