import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  isRealPostgres,
  login,
  type TestApp,
  type TestUser,
} from '../../test/helpers';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let analyst: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  user = await createUser(t);
  analyst = await createUser(t, { role: 'analyst' });
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => {
  const n = Math.random().toString(36).slice(2, 8);
  return {
    email: `coach-${n}@club.test`,
    username: `coach-${n}@club.test`,
    role: 'user',
    password: 'secret123',
    ...over,
  };
};
const userCount = async () => (await t.db.select().from(users)).length;

describe('who may use the admin calls', () => {
  const calls = () => [
    { method: 'GET' as const, url: '/api/admin/users' },
    { method: 'POST' as const, url: '/api/admin/users', payload: newUser() },
    {
      method: 'PUT' as const,
      url: `/api/admin/users/${user.id}`,
      payload: { id: user.id, email: user.email, username: user.email, role: 'admin' },
    },
    { method: 'DELETE' as const, url: `/api/admin/users/${user.id}` },
    { method: 'POST' as const, url: '/api/admin/expire-session' },
    { method: 'GET' as const, url: '/api/admin/reporting' },
  ];

  it('a signed-out visitor gets 401 from every admin call', async () => {
    for (const c of calls()) expect((await as(t, null, c)).statusCode, c.url).toBe(401);
  });

  it('a user and an analyst get 403 from every admin call, and nothing changes', async () => {
    const before = await userCount();
    for (const who of [user, analyst]) {
      for (const c of calls()) expect((await as(t, who, c)).statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    expect(await userCount()).toBe(before);
    const [still] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(still.role).toBe('user');
    expect((await as(t, user, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });
});

describe('the user list', () => {
  it('lists users with the admin columns and never a password', async () => {
    const res = await as(t, admin, { method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(200);
    const me = res.json().find((u: any) => u.id === admin.id);
    expect(Object.keys(me).sort()).toEqual([
      'createdAt',
      'email',
      'firstLoginAt',
      'id',
      'isEmailVerified',
      'lastLoginAt',
      'loginCount',
      'role',
      'username',
    ]);
    expect(me).toMatchObject({ role: 'admin', isEmailVerified: true, loginCount: 1 });
    expect(res.body).not.toMatch(/password|\$argon|\$scrypt/i);
  });

  it('filters by role', async () => {
    const res = await as(t, admin, { method: 'GET', url: '/api/admin/users?role=analyst' });
    expect(res.json().map((u: any) => u.role)).toEqual(['analyst']);
    expect((await as(t, admin, { method: 'GET', url: '/api/admin/users?role=owner' })).statusCode).toBe(400);
  });
});

describe('creating a user', () => {
  it('creates a verified account that can sign in with the given password', async () => {
    const body = newUser({ role: 'analyst', email: 'New.Coach@Club.test', username: 'New.Coach@Club.test' });
    const res = await as(t, admin, { method: 'POST', url: '/api/admin/users', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.coach@club.test',
      username: 'new.coach@club.test',
      role: 'analyst',
      isEmailVerified: true,
      loginCount: 0,
    });
    expect(res.body).not.toContain('secret123');
    await expect(login(t, 'new.coach@club.test', 'secret123')).resolves.toMatch(/va\.sid=/);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'coach bob' }, 'username', 'Username must be a valid email'],
    [{ role: 'owner' }, 'role', 'Role must be user, analyst or admin'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ password: undefined }, 'password', 'Password is required'],
  ])('answers 400 with the field message and creates nothing (%o)', async (over, field, message) => {
    const before = await userCount();
    const res = await as(t, admin, { method: 'POST', url: '/api/admin/users', payload: newUser(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses a username or email already in use with 409', async () => {
    const taken = await as(t, admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: newUser({ email: user.email.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'Email is already in use' });
    const name = await as(t, admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: newUser({ username: user.email }),
    });
    expect(name.statusCode).toBe(409);
    expect(name.json().errors.username).toBe('Username is already taken');
  });
});

describe('editing a user', () => {
  it('changes email, username and role', async () => {
    const created = (
      await as(t, admin, { method: 'POST', url: '/api/admin/users', payload: newUser() })
    ).json();
    const res = await as(t, admin, {
      method: 'PUT',
      url: `/api/admin/users/${created.id}`,
      payload: { id: created.id, email: 'renamed@club.test', username: 'renamed@club.test', role: 'analyst' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      email: 'renamed@club.test',
      username: 'renamed@club.test',
      role: 'analyst',
    });
  });

  it('answers 404 for an unknown user, 400 for a body id that is not the url id, 409 for a taken email', async () => {
    const body = { email: 'ghost@club.test', username: 'ghost@club.test', role: 'user' };
    expect(
      (await as(t, admin, { method: 'PUT', url: '/api/admin/users/999999', payload: body })).statusCode,
    ).toBe(404);
    expect(
      (
        await as(t, admin, {
          method: 'PUT',
          url: `/api/admin/users/${user.id}`,
          payload: { ...body, id: user.id + 1 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await as(t, admin, { method: 'PUT', url: '/api/admin/users/abc', payload: body })).statusCode,
    ).toBe(400);
    const clash = await as(t, admin, {
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      payload: { ...body, email: analyst.email },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('an admin cannot demote themselves, and nothing changes', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.id, admin.id));
    const res = await as(t, admin, {
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      payload: { email: me.email, username: me.username, role: 'user' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot remove your own admin role');
    const [after] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(after.role).toBe('admin');
  });

  it('an admin may still edit their own email and username', async () => {
    const res = await as(t, admin, {
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      payload: { email: admin.email, username: 'chief-admin@club.test', role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    await t.db.update(users).set({ username: admin.email }).where(eq(users.id, admin.id));
  });

  it.runIf(isRealPostgres())(
    'two admins demoting each other at once leave one admin (PostgreSQL)',
    async () => {
      const a = await createUser(t, { role: 'admin' });
      const b = await createUser(t, { role: 'admin' });
      await t.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
      try {
        const demote = (actor: TestUser, target: TestUser) =>
          as(t, actor, {
            method: 'PUT',
            url: `/api/admin/users/${target.id}`,
            payload: { email: target.email, username: target.email, role: 'user' },
          });
        const results = await Promise.all([demote(a, b), demote(b, a)]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
        const admins = await t.db.select().from(users).where(eq(users.role, 'admin'));
        expect(admins).toHaveLength(1);
      } finally {
        await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
      }
    },
  );
});

describe('resetting the session (test)', () => {
  it('destroys the current session: the next call is signed out', async () => {
    const other = await createUser(t, { role: 'admin' });
    const res = await as(t, other, { method: 'POST', url: '/api/admin/expire-session' });
    expect(res.statusCode).toBe(200);
    expect((await as(t, other, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});
