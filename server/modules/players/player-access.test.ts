import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/app-error';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import {
  canChangePlayer,
  canReadPlayer,
  canSeePrivate,
  changeablePlayer,
  ownPlayer,
  viewablePlayer,
} from '.';
import { playerBody } from './player-fixtures';

// Decision 171: who may see or change a player is decided in player-access.ts, for every module.
describe('the rules', () => {
  const player = { userId: 7 };
  const cases = [
    {
      who: 'the owner family',
      viewer: { id: 7, role: 'user' as const },
      read: true,
      private: true,
      change: true,
    },
    {
      who: 'another family',
      viewer: { id: 8, role: 'user' as const },
      read: false,
      private: false,
      change: false,
    },
    {
      who: 'an analyst',
      viewer: { id: 9, role: 'analyst' as const },
      read: true,
      private: false,
      change: false,
    },
    { who: 'an admin', viewer: { id: 10, role: 'admin' as const }, read: true, private: false, change: true },
    {
      who: 'an analyst who owns the player',
      viewer: { id: 7, role: 'analyst' as const },
      read: true,
      private: true,
      change: true,
    },
  ];
  // Decision 197: the birth date and contact details reach the family only.
  for (const c of cases) {
    it(`${c.who}: reads ${c.read}, sees private fields ${c.private}, changes ${c.change}`, () => {
      expect(canReadPlayer(c.viewer, player)).toBe(c.read);
      expect(canSeePrivate(c.viewer, player)).toBe(c.private);
      expect(canChangePlayer(c.viewer, player)).toBe(c.change);
    });
  }
});

let t: TestApp;
let family: TestUser;
let other: TestUser;
let analyst: TestUser;
let admin: TestUser;
let playerId: number;
const viewer = (u: TestUser, role: 'user' | 'analyst' | 'admin' = 'user') => ({ id: u.id, role });

beforeAll(async () => {
  t = await createTestApp();
  [family, other, analyst, admin] = await Promise.all([
    createUser(t),
    createUser(t),
    createUser(t, { role: 'analyst' }),
    createUser(t, { role: 'admin' }),
  ]);
  const res = await as(t, family, { method: 'POST', url: '/api/players', payload: await playerBody(t) });
  expect(res.statusCode).toBe(201);
  playerId = res.json().id;
}, 180_000);
afterAll(() => t?.close());

const failure = async (p: Promise<unknown>) => {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  return err && { status: err.status, message: err.message };
};

describe('the lookups', () => {
  it('viewablePlayer: the family and staff get the row; another family and a missing id get the same 404', async () => {
    expect((await viewablePlayer(t.db, viewer(family), playerId)).id).toBe(playerId);
    expect((await viewablePlayer(t.db, viewer(analyst, 'analyst'), playerId)).id).toBe(playerId);
    expect((await viewablePlayer(t.db, viewer(admin, 'admin'), playerId)).id).toBe(playerId);
    const notFound = { status: 404, message: 'Player not found' };
    expect(await failure(viewablePlayer(t.db, viewer(other), playerId))).toEqual(notFound);
    expect(await failure(viewablePlayer(t.db, viewer(family), playerId + 1000))).toEqual(notFound);
  });

  it('changeablePlayer: an analyst who may read gets 403 with the reason; another family 404', async () => {
    expect((await changeablePlayer(t.db, viewer(admin, 'admin'), playerId, 'no')).id).toBe(playerId);
    expect(
      await failure(changeablePlayer(t.db, viewer(analyst, 'analyst'), playerId, 'Only the family')),
    ).toEqual({ status: 403, message: 'Only the family' });
    expect(await failure(changeablePlayer(t.db, viewer(other), playerId, 'Only the family'))).toEqual({
      status: 404,
      message: 'Player not found',
    });
  });

  it('ownPlayer: only the family, whatever the role of anyone else', async () => {
    expect((await ownPlayer(t.db, viewer(family), playerId)).id).toBe(playerId);
    for (const u of [viewer(other), viewer(analyst, 'analyst'), viewer(admin, 'admin')]) {
      expect(await failure(ownPlayer(t.db, u, playerId))).toEqual({
        status: 404,
        message: 'Player not found',
      });
    }
  });
});

describe('every route that shows or changes a player answers as before', () => {
  const statuses = async (
    method: 'GET' | 'PUT' | 'POST',
    url: (id: number) => string,
    payload?: () => Promise<unknown>,
  ) => {
    const out: Record<string, number> = {};
    for (const [name, u] of Object.entries({ family, other, analyst, admin })) {
      const res = await as(t, u, {
        method,
        url: url(playerId),
        ...(payload ? { payload: (await payload()) as object } : {}),
      });
      out[name] = res.statusCode;
    }
    return out;
  };

  it('reading: the family, analysts and admins; another family gets 404', async () => {
    const readers = { family: 200, other: 404, analyst: 200, admin: 200 };
    expect(await statuses('GET', (id) => `/api/players/${id}`)).toEqual(readers);
    expect(await statuses('GET', (id) => `/api/videos/${id}`)).toEqual(readers);
    expect(await statuses('GET', (id) => `/api/players/${id}/requests`)).toEqual(readers);
    expect(await statuses('GET', (id) => `/api/players/${id}/pending-requests`)).toEqual(readers);
    expect(await statuses('GET', (id) => `/api/players/${id}/percentiles`)).toEqual(readers);
  });

  it('private fields reach the family only, not analysts or admins (decision 197)', async () => {
    const own = (await as(t, family, { method: 'GET', url: `/api/players/${playerId}` })).json();
    expect(own).toMatchObject({ email: 'jordan@example.com', dateOfBirth: '2009-04-12' });
    for (const u of [analyst, admin]) {
      const body = (await as(t, u, { method: 'GET', url: `/api/players/${playerId}` })).json();
      expect(body).not.toHaveProperty('email');
      expect(body).not.toHaveProperty('dateOfBirth');
    }
  });

  it('editing: the family and admins; an analyst 403; another family 404', async () => {
    const res = await statuses(
      'PUT',
      (id) => `/api/players/${id}`,
      () => playerBody(t),
    );
    expect(res).toEqual({ family: 200, other: 404, analyst: 403, admin: 200 });
    const refused = await as(t, analyst, {
      method: 'PUT',
      url: `/api/players/${playerId}`,
      payload: await playerBody(t),
    });
    expect(refused.json().message).toBe("Only the player's family or an admin can edit this player");
  });

  it('share settings: the family only', async () => {
    expect(await statuses('GET', (id) => `/api/players/${id}/share`)).toEqual({
      family: 200,
      other: 404,
      analyst: 404,
      admin: 404,
    });
  });

  it('deleting: the family only; the player is gone afterwards', async () => {
    for (const u of [other, analyst, admin]) {
      expect((await as(t, u, { method: 'DELETE', url: `/api/players/${playerId}` })).statusCode).toBe(404);
    }
    expect((await as(t, family, { method: 'DELETE', url: `/api/players/${playerId}` })).statusCode).toBe(200);
    expect((await as(t, family, { method: 'GET', url: `/api/players/${playerId}` })).statusCode).toBe(404);
  });
});
