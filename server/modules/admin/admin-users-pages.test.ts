import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { walkPages } from '../../test/pages';
import { listUsers } from './admin-users.service';

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
