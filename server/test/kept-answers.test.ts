import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRequests, players } from '../db/schema';
import { watchStatements } from '../db/statement-log';
import { positionId, requestSpeed } from '../modules/analysis/analysis.fixtures';
import { applyCoach } from '../modules/coach/coach.fixtures';
import { playerBody } from '../modules/players/player-fixtures';
import {
  as,
  createTestApp,
  createUser,
  isRealPostgres,
  login,
  otherConnection,
  type TestApp,
  setBalances,
  type TestUser,
  writesSettled,
} from './helpers';

/**
 * Answers of the hot reads kept in memory until a write (decision 216), through the app: what a family,
 * an analyst, a coach and a visitor see is never older than the last write the database told the process of.
 */
let t: TestApp;
let family: TestUser;
let other: TestUser;
let analyst: TestUser;
let playerId: number;
let otherPlayerId: number;
const YEAR = new Date().getFullYear();

const get = (user: TestUser | null, url: string) => as(t, user, { method: 'GET', url });
const newPlayer = async (user: TestUser, firstName: string) => {
  const res = await as(t, user, {
    method: 'POST',
    url: '/api/players',
    payload: await playerBody(t, { firstName }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
};
/** A player's edit through the API, as the family's form sends it. */
const rename = async (user: TestUser, id: number, firstName: string) => {
  const res = await as(t, user, {
    method: 'PUT',
    url: `/api/players/${id}`,
    payload: await playerBody(t, { firstName }),
  });
  expect(res.statusCode).toBe(200);
};
const names = async (user: TestUser) =>
  (await get(user, '/api/players'))
    .json<{ firstName: string }[]>()
    .map((p) => p.firstName)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
  other = await createUser(t);
  analyst = await createUser(t, { role: 'analyst' });
  playerId = await newPlayer(family, 'Jordan');
  otherPlayerId = await newPlayer(other, 'Riley');
});
afterAll(() => t.close());

describe('answers kept until a write (decision 216)', () => {
  it('two families reading the same URL each get their own answer, and a library stays its owner’s', async () => {
    expect(await names(family)).toEqual(['Jordan']);
    expect(await names(other)).toEqual(['Riley']);
    expect(await names(family)).toEqual(['Jordan']);
    expect((await get(family, `/api/videos/${playerId}`)).statusCode).toBe(200);
    expect((await get(other, `/api/videos/${playerId}`)).statusCode).toBe(404);
    expect((await get(family, `/api/videos/${otherPlayerId}`)).statusCode).toBe(404);
  });

  it('a change made through the API or straight to the database shows on the very next read', async () => {
    expect(await names(family)).toEqual(['Jordan']);
    const added = await newPlayer(family, 'Casey');
    expect(await names(family)).toEqual(['Casey', 'Jordan']);
    await t.db.update(players).set({ firstName: 'Avery' }).where(eq(players.id, added));
    expect(await names(family)).toEqual(['Avery', 'Jordan']);
    expect((await as(t, family, { method: 'DELETE', url: `/api/players/${added}` })).statusCode).toBe(200);
    expect(await names(family)).toEqual(['Jordan']);
  });

  it('a kept page is the same JSON with the same next-page cursor, and the cursor leads on', async () => {
    const second = await newPlayer(family, 'Casey');
    try {
      const first = await get(family, '/api/players?limit=1');
      const again = await get(family, '/api/players?limit=1');
      expect(first.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.body).toBe(first.body);
      const cursor = first.headers['x-next-cursor'];
      expect(typeof cursor).toBe('string');
      expect(again.headers['x-next-cursor']).toBe(cursor);
      const rest = await get(family, `/api/players?limit=1&cursor=${String(cursor)}`);
      expect(
        [...first.json<{ firstName: string }[]>(), ...rest.json<{ firstName: string }[]>()]
          .map((p) => p.firstName)
          .sort(),
      ).toEqual(['Casey', 'Jordan']);
      expect(rest.headers['x-next-cursor']).toBeUndefined();
    } finally {
      await as(t, family, { method: 'DELETE', url: `/api/players/${second}` });
    }
  });

  it('a public profile turned off is gone at once, though its page was kept', async () => {
    const on = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${playerId}/share`,
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    const path = on.json().path as string;
    expect((await get(null, path)).statusCode).toBe(200);
    expect((await get(null, path)).statusCode).toBe(200);
    const off = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${playerId}/share`,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await get(null, path)).statusCode).toBe(404);
  });

  it.runIf(isRealPostgres())(
    'on PostgreSQL a second read of each kept route sends no statement, and after a write it reads again',
    async () => {
      const coach = await applyCoach(t); // approved: the email is the college's
      const reads: [TestUser, string][] = [
        [family, '/api/players'],
        [family, `/api/videos/${playerId}`],
        [family, `/api/leaderboard?metric=max_speed&level=High%20School&season=${YEAR}`],
        [analyst, '/api/analysis-requests/queue'],
        [coach, '/api/coach/search?sort=speed'],
      ];
      await writesSettled(t.app.dbHandle);
      const texts: string[] = [];
      const stop = watchStatements(t.app.dbHandle.pool!, (text) => texts.push(text));
      try {
        for (const [user, url] of reads) {
          t.app.dbHandle.writes.tick(); // as after any write
          texts.length = 0;
          const first = await get(user, url);
          expect(first.statusCode, url).toBe(200);
          expect(texts.length, `${url}: read afresh after a write`).toBeGreaterThan(1);
          texts.length = 0;
          const second = await get(user, url);
          expect(second.body, url).toBe(first.body);
          expect(texts, `${url}: kept`).toEqual([]);
        }
      } finally {
        stop();
      }
    },
  );

  it.runIf(isRealPostgres())(
    "on PostgreSQL another process's write reaches the next read within 2 s",
    async () => {
      expect(await names(family)).toEqual(['Jordan']);
      const client = await otherConnection(t.app.dbHandle);
      try {
        await client.query(`update players set first_name = 'Jordy' where id = $1`, [playerId]);
        const end = Date.now() + 2000;
        let seen = await names(family);
        while (seen[0] !== 'Jordy' && Date.now() < end) {
          await new Promise((r) => setTimeout(r, 20));
          seen = await names(family);
        }
        expect(seen).toEqual(['Jordy']);
      } finally {
        await client.query(`update players set first_name = 'Jordan' where id = $1`, [playerId]);
        await client.end();
        await writesSettled(t.app.dbHandle);
      }
    },
  );

  it.runIf(isRealPostgres())(
    "on PostgreSQL another family signing in and sharing its profile leaves a family's kept dashboard and session kept; a change to the family's own player does not (decision 225)",
    async () => {
      expect(await names(family)).toEqual(['Jordan']);
      await writesSettled(t.app.dbHandle);
      const texts: string[] = [];
      const stop = watchStatements(t.app.dbHandle.pool!, (text) => texts.push(text));
      try {
        expect(await names(family)).toEqual(['Jordan']);
        expect(texts, 'kept before the writes').toEqual([]);
        // The other family: a sign-in (a new session row, its own user row) and its profile link.
        await login(t, other.email, other.password);
        const shared = await as(t, other, {
          method: 'PUT',
          url: `/api/players/${otherPlayerId}/share`,
          payload: { enabled: true },
        });
        expect(shared.statusCode).toBe(200);
        expect(texts.length, 'the writes were sent').toBeGreaterThan(0);
        texts.length = 0;
        expect(await names(family)).toEqual(['Jordan']);
        expect(texts, 'session and dashboard still kept').toEqual([]);
        // The family's own player renamed: its dashboard is read again and shows it.
        await t.db.update(players).set({ firstName: 'Jo' }).where(eq(players.id, playerId));
        texts.length = 0;
        expect(await names(family)).toEqual(['Jo']);
        expect(texts.length, 'read again after a write to what it reads').toBeGreaterThan(0);
      } finally {
        stop();
        await t.db.update(players).set({ firstName: 'Jordan' }).where(eq(players.id, playerId));
      }
    },
  );

  it.runIf(isRealPostgres())(
    "on PostgreSQL another family adding, editing and removing its players leaves a family's kept dashboard and library kept, from this process or another; the family's own edit shows at once (decision 226)",
    async () => {
      const library = `/api/videos/${playerId}`;
      expect(await names(family)).toEqual(['Jordan']);
      expect((await get(family, library)).statusCode).toBe(200);
      await writesSettled(t.app.dbHandle);
      const texts: string[] = [];
      const stop = watchStatements(t.app.dbHandle.pool!, (text) => texts.push(text));
      const client = await otherConnection(t.app.dbHandle);
      const keptNow = async (why: string) => {
        texts.length = 0;
        expect(await names(family), why).toEqual(['Jordan']);
        expect((await get(family, library)).statusCode, why).toBe(200);
        expect(texts, `${why}: dashboard and library still kept`).toEqual([]);
      };
      try {
        await keptNow('before the writes');
        // Through the API: the other family adds a player, edits it, removes it.
        const added = await newPlayer(other, 'Casey');
        await rename(other, added, 'Case');
        expect(
          texts.some((x) => /^update "players"/.test(x)),
          'the edit was sent',
        ).toBe(true);
        await keptNow('after another family added and edited a player');
        const removed = await as(t, other, { method: 'DELETE', url: `/api/players/${added}` });
        expect(removed.statusCode).toBe(200);
        // A removal runs in a transaction; its notification names the family all the same (decision 260), so
        // this family's dashboard stays kept. Its cascade to the videos tables names no rows: the library may
        // be read once more.
        texts.length = 0;
        expect(await names(family)).toEqual(['Jordan']);
        expect(texts, 'the dashboard kept after another family removed a player').toEqual([]);
        expect((await get(family, library)).statusCode).toBe(200);
        await keptNow('read once after the removal');
        // Another process: the other family's player renamed, and a new one.
        await client.query(`update players set first_name = 'Rye' where id = $1`, [otherPlayerId]);
        await client.query(
          `insert into players (user_id, first_name, last_name, primary_position_id, level, school,
             graduation_year, height_inches, weight)
           select user_id, 'Sky', last_name, primary_position_id, level, school, graduation_year,
             height_inches, weight from players where id = $1`,
          [otherPlayerId],
        );
        await writesSettled(t.app.dbHandle);
        await keptNow("after another process wrote the other family's players");
        expect(await names(other)).toEqual(['Rye', 'Sky']);
        // The family's own player edited through the API: both its reads are read again and show it.
        await rename(family, playerId, 'Jo');
        texts.length = 0;
        expect(await names(family)).toEqual(['Jo']);
        expect((await get(family, library)).statusCode).toBe(200);
        expect(texts.length, 'read again after a write to its own rows').toBeGreaterThan(1);
      } finally {
        stop();
        await client.query(`delete from players where user_id = $1 and first_name = 'Sky'`, [other.id]);
        await client.query(`update players set first_name = 'Riley' where id = $1`, [otherPlayerId]);
        await client.end();
        await t.db.update(players).set({ firstName: 'Jordan' }).where(eq(players.id, playerId));
        await writesSettled(t.app.dbHandle);
      }
    },
  );

  it.runIf(isRealPostgres())(
    "on PostgreSQL a public page's visits leave every kept answer kept, and another family's link leaves a kept public page kept; its own link's change shows at once (decision 227)",
    async () => {
      const leaderboard = `/api/leaderboard?metric=max_speed&level=High%20School&season=${YEAR}`;
      const shareOf = (user: TestUser, id: number, payload: object) =>
        as(t, user, { method: 'PUT', url: `/api/players/${id}/share`, payload });
      const on = await shareOf(family, playerId, { enabled: true });
      expect(on.statusCode).toBe(200);
      const path = on.json<{ path: string }>().path;
      const texts: string[] = [];
      const stop = watchStatements(t.app.dbHandle.pool!, (text) => texts.push(text));
      const keptNow = async (why: string) => {
        texts.length = 0;
        expect((await get(null, path)).statusCode, why).toBe(200);
        expect((await get(family, leaderboard)).statusCode, why).toBe(200);
        expect(texts, `${why}: public page and leaderboard still kept`).toEqual([]);
      };
      try {
        expect((await get(null, path)).statusCode).toBe(200);
        expect((await get(family, leaderboard)).statusCode).toBe(200);
        await writesSettled(t.app.dbHandle);
        await keptNow('before the visits');
        // Visits, written when the family reads its settings (as every few seconds).
        for (let i = 0; i < 3; i++) expect((await get(null, path)).statusCode).toBe(200);
        const settings = await get(family, `/api/players/${playerId}/share`);
        expect(settings.json<{ viewCount: number }>().viewCount).toBeGreaterThanOrEqual(5);
        expect(texts.some((x) => /insert into "profile_share_views"/.test(x))).toBe(true);
        await keptNow('after the visits were written');
        // Another family turns its link on and off: this family's public page stays kept.
        expect((await shareOf(other, otherPlayerId, { enabled: true })).statusCode).toBe(200);
        expect((await shareOf(other, otherPlayerId, { enabled: false })).statusCode).toBe(200);
        texts.length = 0;
        expect((await get(null, path)).statusCode).toBe(200);
        expect(texts, "another family's link: the page kept").toEqual([]);
        // Its own link replaced: the old address is gone at once.
        const replaced = await as(t, family, {
          method: 'POST',
          url: `/api/players/${playerId}/share/new-link`,
        });
        expect(replaced.statusCode).toBe(200);
        expect((await get(null, path)).statusCode).toBe(404);
      } finally {
        stop();
        await shareOf(family, playerId, { enabled: false });
      }
    },
  );

  it.runIf(isRealPostgres())(
    "on PostgreSQL the analyst's kept queue stays while players not in it are edited, and shows an edit of one that is (decision 227)",
    async () => {
      await setBalances(t, family.id, { credits: 1 });
      const posId = await positionId(t, 'WR');
      const asked = await requestSpeed(t, family, playerId, posId);
      expect(asked.statusCode).toBe(201);
      const requestId = asked.json<{ id: number }>().id;
      const queueNames = async () =>
        (await get(analyst, '/api/analysis-requests/queue'))
          .json<{ id: number; playerFirstName: string }[]>()
          .filter((item) => item.id === requestId)
          .map((item) => item.playerFirstName);
      const texts: string[] = [];
      const stop = watchStatements(t.app.dbHandle.pool!, (text) => texts.push(text));
      try {
        expect(await queueNames()).toEqual(['Jordan']);
        await writesSettled(t.app.dbHandle);
        texts.length = 0;
        expect(await queueNames()).toEqual(['Jordan']);
        expect(texts, 'kept').toEqual([]);
        // Another family's player, in no request, edited through the API.
        await rename(other, otherPlayerId, 'Rye');
        texts.length = 0;
        expect(await queueNames()).toEqual(['Jordan']);
        expect(texts, "another player's edit: the queue kept").toEqual([]);
        // The queued player's edit shows on the next read.
        await rename(family, playerId, 'Jo');
        texts.length = 0;
        expect(await queueNames()).toEqual(['Jo']);
        expect(texts.length, 'read again').toBeGreaterThan(0);
      } finally {
        stop();
        await t.db.delete(analysisRequests).where(eq(analysisRequests.id, requestId));
        await t.db.update(players).set({ firstName: 'Jordan' }).where(eq(players.id, playerId));
        await t.db.update(players).set({ firstName: 'Riley' }).where(eq(players.id, otherPlayerId));
        await writesSettled(t.app.dbHandle);
      }
    },
  );
});
