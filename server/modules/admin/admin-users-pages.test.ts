import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { users } from '../../db/schema';
import { as, createTestApp, createUser, freshDb, type TestApp, type TestUser } from '../../test/helpers';
import { walkPages } from '../../test/pages';
import { listUsers } from './admin-users.service';
import {
  chooseTrigrams,
  forgetTrigramSamples,
  RARE_TRIGRAMS,
  rareTrigramSearch,
  sampleOf,
  termTrigrams,
  trigramSample,
} from './admin-users-search';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', email: 'boss@example.com' });
  await t.db.insert(users).values(
    Array.from({ length: 23 }, (_, i) => ({
      username: `family${i}@example.com`,
      email: `family${i}@example.com`,
      password: 'x',
      firstName: i === 7 ? 'Zoë' : 'Pat',
      lastName: i === 7 ? 'Ñúñez' : `Parent${i}`,
      role: i % 5 === 0 ? ('analyst' as const) : ('user' as const),
      isEmailVerified: i % 2 === 0,
    })),
  );
});
afterAll(() => t.close());

const get = (url: string, who: TestUser | null = admin) => as(t, who, { method: 'GET', url });

describe('admin user list pages', () => {
  it('pages by id with a limit: every user once, in order, and the last page has no cursor', async () => {
    const pages = await walkPages(t, admin, '/api/admin/users?limit=10');
    expect(pages.map((p) => p.length)).toEqual([10, 10, 4]);
    const ids = pages.flat().map((u: any) => u.id);
    expect(new Set(ids).size).toBe(24);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('without a limit answers the first 50, as an array', async () => {
    const res = await get('/api/admin/users');
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json()).toHaveLength(24);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('filters by role and verification and searches email and name (accents, case), and pages the filtered list', async () => {
    const analysts = (await walkPages(t, admin, '/api/admin/users?role=analyst&limit=2')).flat();
    expect(analysts.map((u: any) => u.email)).toEqual([
      'family0@example.com',
      'family5@example.com',
      'family10@example.com',
      'family15@example.com',
      'family20@example.com',
    ]);
    expect((await get('/api/admin/users?q=%C3%B1%C3%BA%C3%B1ez')).json().map((u: any) => u.email)).toEqual([
      'family7@example.com',
    ]);
    expect((await get('/api/admin/users?q=FAMILY2')).json().map((u: any) => u.email)).toEqual([
      'family2@example.com',
      'family20@example.com',
      'family21@example.com',
      'family22@example.com',
    ]);
    expect((await get('/api/admin/users?q=family2&verified=false')).json().map((u: any) => u.email)).toEqual([
      'family21@example.com',
    ]);
    expect((await get('/api/admin/users?q=100%25')).json()).toEqual([]);
    expect((await get('/api/admin/users?q=_')).json()).toEqual([]);
  });

  it('finds a user by a name changed after sign-up (the stored search text follows every edit)', async () => {
    await t.db.update(users).set({ lastName: 'Okonkwo' }).where(eq(users.email, 'family3@example.com'));
    expect((await get('/api/admin/users?q=OKONK')).json().map((u: any) => u.email)).toEqual([
      'family3@example.com',
    ]);
    expect((await get('/api/admin/users?q=parent3')).json().map((u: any) => u.email)).toEqual([]);
  });

  it('refuses bad limits, cursors and filters with 400', async () => {
    for (const q of [
      'limit=201',
      'limit=0',
      'limit=x',
      'cursor=!!',
      'cursor=WyJ4Il0',
      'verified=maybe',
      'role=owner',
      `q=${'a'.repeat(101)}`,
    ]) {
      const res = await get(`/api/admin/users?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('is admin only, before the query is looked at: 401 signed out, 403 for others even with a bad limit', async () => {
    const family = await createUser(t);
    expect((await get('/api/admin/users?limit=5', null)).statusCode).toBe(401);
    expect((await get('/api/admin/users?limit=999', family)).statusCode).toBe(403);
  });

  it('a search reads the next users by id first and asks the index only when they hold no whole page: the same pages either way (decision 215)', async () => {
    // Every page of every search, with windows from 1 user to more than there are, equals the plain search's.
    const walk = async (q: Parameters<typeof listUsers>[1], windows: number[]) => {
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await listUsers(t.db, { ...q, cursor }, windows);
        pages.push(page.items.map((u) => u.email));
        cursor = page.next ?? undefined;
      } while (cursor);
      return pages;
    };
    const searches = [
      { q: 'family', limit: 4 },
      { q: 'family1', limit: 2 },
      { q: 'parent2', limit: 1 },
      { q: 'family', role: 'analyst' as const, limit: 2 },
      { q: 'family', verified: false, limit: 3 },
      { q: 'nobody', limit: 5 },
    ];
    for (const q of searches) {
      const plain = await walk(q, []);
      if (q.q === 'nobody') expect(plain).toEqual([[]]);
      else expect(plain.length, q.q).toBeGreaterThan(1);
      for (const windows of [[1], [3], [7], [30], [1000], [1, 5], [2, 4, 30], [3, 1000]])
        expect(await walk(q, windows), `${q.q} in ${windows.join(', ')}`).toEqual(plain);
    }
    // The plain walk of 'family' is every family user once, in id order.
    const all = (await walk({ q: 'family', limit: 4 }, [])).flat();
    expect(all).toHaveLength(23);
    expect(all[0]).toBe('family0@example.com');
  });
});

describe('the admin search asks the trigram index for the rare trigrams of a term (decision 219)', () => {
  // 1,000 users as the bench's: every one holds "user", "first", "last", "bench" and "test".
  const bench = sampleOf(
    Array.from(
      { length: 1000 },
      (_, i) => `user${i + 1}@bench.test user${i + 1}@bench.test first${i + 1} last${(i + 1) % 97}`,
    ),
    1_000_000,
  );

  it('leaves out a trigram every user holds, and asks for the rare ones, rarest first', () => {
    // fir, irs, rst: every user; st9: 11.1%; t99: 1.1%; 999: one user.
    expect(chooseTrigrams('first999', bench)).toEqual(['999', 't99', 'st9']);
    expect(chooseTrigrams('FIRST999', bench)).toEqual(['999', 't99', 'st9']);
    // "r1 " (a word ending in r1: user1 only) from "r1@"; er1 (11.2%) narrows; use, ser, bench, test: everyone.
    expect(chooseTrigrams('user1@bench.test', bench)).toEqual(['r1@', 'er1']);
    // Nothing rare: the plain statement, whose scan intersects every trigram's list.
    expect(chooseTrigrams('bench', bench)).toEqual([]);
    expect(chooseTrigrams('st9', bench)).toEqual([]);
    // No window of three letters or digits.
    expect(chooseTrigrams('fi', bench)).toEqual([]);
    expect(chooseTrigrams('ñúñez', bench)).toEqual([]);
    expect(chooseTrigrams('nobody', bench)).toEqual(['nob', 'obo', 'bod', 'ody']);
    expect(chooseTrigrams('nobody', { ...bench, rows: 0 })).toEqual([]);
  });

  it("asks only for what the term holds as the database's lower() writes it: no wildcard, no escape, no locale's letter", () => {
    expect([...termTrigrams('a%bc_de\\fgh', true).values()]).toEqual(['fgh']);
    expect([...termTrigrams('Ab1 x@Y', true)]).toEqual([
      ['ab1', 'ab1'],
      ['b1 ', 'b1 '],
    ]);
    // Where lower('I') is not 'i' (a Turkish locale), capitals are left out.
    expect([...termTrigrams('USER12@x', false).keys()]).toEqual(['12 ']);
    expect([...termTrigrams('first99', false).keys()]).toEqual(['fir', 'irs', 'rst', 'st9', 't99']);
    // The Kelvin sign and a dotted capital I are no ASCII letters, whatever lower() makes of them.
    expect([...termTrigrams('\u212Ab\u0130cd', true).keys()]).toEqual([]);
  });

  describe('on a table large enough to ask', () => {
    let h: DbHandle;
    const saved = { ...RARE_TRIGRAMS };
    beforeAll(async () => {
      h = await freshDb();
      await h.db.execute(sql`
        insert into users (username, email, password, first_name, last_name, role, is_email_verified)
        select 'm' || g, 'member' || g || '@club.test', 'x', case when g % 1000 = 17 then 'Zoë' else 'Sam' end,
          case g % 1000 when 17 then 'Ñúñez' when 100 then 'QX100%OFF' when 101 then 'qx100zoff'
            when 200 then 'snakeq_case' when 201 then 'snakeqxcase' when 300 then 'xbk\\qz' when 301 then 'xbkqz'
            else 'Lee' || (g % 97) end,
          case when g % 7 = 0 then 'analyst' else 'user' end, g % 3 > 0
        from generate_series(1, 3000) g`);
      // Asked on 3,000 users, from a sample of all of them.
      Object.assign(RARE_TRIGRAMS, { minUsers: 1000, samplePages: 10_000 });
      forgetTrigramSamples();
    });
    afterAll(async () => {
      Object.assign(RARE_TRIGRAMS, saved);
      forgetTrigramSamples();
      await h?.close();
    });

    it('answers every term with the pages of a plain substring match, page by page', async () => {
      const reference = async (term: string, role?: string, verified?: boolean) => {
        const res = await h.db.execute<{ id: number }>(sql`
          select id from users where strpos(search_text, lower(${term})) > 0
            and (${role ?? null}::text is null or role = ${role ?? null})
            and (${verified ?? null}::boolean is null or is_email_verified = ${verified ?? null})
          order by id`);
        return res.rows.map((r) => Number(r.id));
      };
      const walk = async (q: Parameters<typeof listUsers>[1], windows?: number[]) => {
        const pages: number[][] = [];
        let cursor: string | undefined;
        do {
          const page = await listUsers(h.db, { ...q, cursor }, windows);
          pages.push(page.items.map((u) => u.id));
          cursor = page.next ?? undefined;
        } while (cursor);
        return pages;
      };
      const rare = [
        'member2999',
        'Member2999',
        'member1234@club.test',
        'MEMBER1234@CLUB.TEST',
        'qx100%',
        'QX100%off',
        'keq_c',
        'xbk\\q',
        'test m1234 sam',
        'm299',
        'nobody',
      ];
      const plain = ['club', 'MEMBER29', 'm12', 'sam lee9', 'ñúñez', 'zoë ñú', 'qx', '%', '_', '\\', ' '];
      for (const term of rare) expect(await rareTrigramSearch(h.db, term), term).toBeDefined();
      for (const term of plain) expect(await rareTrigramSearch(h.db, term), term).toBeUndefined();
      expect(await reference('qx100%')).toHaveLength(3);
      expect(await reference('keq_c')).toHaveLength(3);
      expect(await reference('xbk\\q')).toHaveLength(3);
      expect(await reference('m12')).toHaveLength(111);
      expect(await reference('m299')).toHaveLength(11);
      const filters: { role?: 'analyst'; verified?: boolean }[] = [
        {},
        { role: 'analyst' },
        { verified: false },
      ];
      for (const term of [...rare, ...plain])
        for (const f of filters) {
          const ids = await reference(term, f.role, f.verified);
          // Five pages or fewer, of at least two users.
          const limit = Math.max(2, Math.ceil(ids.length / 5));
          const pages = ids.length
            ? Array.from({ length: Math.ceil(ids.length / limit) }, (_, i) =>
                ids.slice(i * limit, (i + 1) * limit),
              )
            : [[]];
          const label = `${term} (${limit} a page, ${JSON.stringify(f)})`;
          // Straight to the index, and as the app reads (the next users by id first).
          expect(await walk({ q: term, limit, ...f }, []), label).toEqual(pages);
          expect(await walk({ q: term, limit, ...f }), label).toEqual(pages);
        }
    });

    it('keeps a sample for a while, shared by the searches meanwhile, then takes a new one', async () => {
      forgetTrigramSamples();
      const first = trigramSample(h.db, 1_000);
      expect(trigramSample(h.db, 1_000 + RARE_TRIGRAMS.maxAgeMs - 1)).toBe(first);
      expect((await first).users).toBe(3000);
      expect((await first).rows).toBe(3000);
      expect((await first).counts.get('qx1')).toBe(6);
      const next = trigramSample(h.db, 1_000 + RARE_TRIGRAMS.maxAgeMs);
      expect(next).not.toBe(first);
      expect((await next).users).toBe(3000);
    });
  });
});
