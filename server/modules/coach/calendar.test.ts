import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from '../../../contract/coach-calendar';
import { coaches } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer } from '../analysis/analysis.fixtures';
import { completedSpeed } from '../sharing/sharing.fixtures';
import { applyCoach } from './coach.fixtures';

/** Issue 50 (decision 238): contact follows the NCAA recruiting calendar, by the server's clock. */
let t: TestApp;
let admin: TestUser;
let family: TestUser;
let freshman: { id: number };
let senior: { id: number };
// A freshman of today: graduates four years on, so contact opens June 15 two years before that.
const year = Number(calendarDay(new Date()).slice(0, 4));
const freshmanClass = year + 4;
const opens = `${freshmanClass - 2}-06-15`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  family = await createUser(t);
  freshman = await createPlayer(t, family, { graduationYear: freshmanClass, dateOfBirth: '2000-01-01' });
  senior = await createPlayer(t, family, { graduationYear: year, dateOfBirth: '2000-01-01' });
  for (const p of [freshman, senior]) {
    await completedSpeed(t, p.id, 18);
    const on = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${p.id}/discovery`,
      payload: { enabled: true, guardianConfirmed: true },
    });
    expect(on.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const connect = (u: TestUser, playerId: number) =>
  as(t, u, {
    method: 'POST',
    url: `/api/coach/players/${playerId}/connect`,
    payload: { message: 'We would like to talk.' },
  });
const itemOf = async (u: TestUser, playerId: number) =>
  (await as(t, u, { method: 'GET', url: '/api/coach/search?sort=class' }))
    .json()
    .items.find((i: { playerId: number }) => i.playerId === playerId);

describe('the NCAA recruiting calendar', () => {
  it('an NCAA D1 coach asking a freshman is refused with 409, the code and the day contact opens', async () => {
    const d1 = await applyCoach(t, { division: 'NCAA D1' });
    const res = await connect(d1, freshman.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONTACT_NOT_OPEN', contactOpensOn: opens });
    expect(res.json().message).toContain(`Jun 15, ${freshmanClass - 2}`);
    expect((await itemOf(d1, freshman.id)).contactOpensOn).toBe(opens);
    const profile = await as(t, d1, { method: 'GET', url: `/api/coach/players/${freshman.id}` });
    expect(profile.json().contactOpensOn).toBe(opens);
    // A senior's contact is open.
    expect((await itemOf(d1, senior.id)).contactOpensOn).toBeNull();
    expect((await connect(d1, senior.id)).statusCode).toBe(201);
  });

  it('an NCAA D2 coach is held to the same day', async () => {
    const d2 = await applyCoach(t, { division: 'NCAA D2' });
    expect((await connect(d2, freshman.id)).json()).toMatchObject({ contactOpensOn: opens });
  });

  it('NCAA D3, NAIA and JUCO coaches may ask at any time', async () => {
    for (const division of ['NCAA D3', 'NAIA', 'JUCO'] as const) {
      const coach = await applyCoach(t, { division });
      expect((await itemOf(coach, freshman.id)).contactOpensOn, division).toBeNull();
      const res = await connect(coach, freshman.id);
      expect(res.statusCode, `${division}: ${res.body}`).toBe(201);
    }
  });

  it('a coach approved before divisions were asked is treated as NCAA D1 until an admin sets one', async () => {
    const before = await applyCoach(t, { division: 'JUCO' });
    await t.db.update(coaches).set({ division: null }).where(eq(coaches.userId, before.id));
    const res = await connect(before, freshman.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONTACT_NOT_OPEN');
    const set = await as(t, admin, {
      method: 'PUT',
      url: `/api/admin/coaches/${before.id}/division`,
      payload: { division: 'NAIA' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ id: before.id, division: 'NAIA' });
    expect((await connect(before, freshman.id)).statusCode).toBe(201);
    const bad = await as(t, admin, {
      method: 'PUT',
      url: `/api/admin/coaches/${before.id}/division`,
      payload: { division: 'D1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await as(t, before, { method: 'PUT', url: `/api/admin/coaches/${before.id}/division`, payload: {} }))
        .statusCode,
    ).toBe(403);
  });
});
