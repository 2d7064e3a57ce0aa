import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { playerBody, playerCount } from './player-fixtures';

let t: TestApp;
let parent: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  parent = await createUser(t);
});
afterAll(() => t.close());

const create = async (user: TestUser | null, overrides: Record<string, unknown> = {}) =>
  as(t, user, { method: 'POST', url: '/api/players', payload: await playerBody(t, overrides) });

describe('adding a player', () => {
  it('stores the player for the signed-in parent, whatever userId the browser sends', async () => {
    const other = await createUser(t);
    const res = await create(parent, { userId: other.id });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      userId: parent.id,
      firstName: 'Jordan',
      heightInches: 73,
      weight: 182,
      phone: '5125550100',
      phoneCountryCode: '+1',
      twitterHandle: 'jmiles_wr',
      instagramHandle: 'jordanmiles',
      addressLine2: null,
      facebookUrl: null,
      gpa: 3.6,
      satScore: 1250,
      actScore: 27,
      dateOfBirth: '2009-04-12',
      state: 'TX',
    });
    expect(p).not.toHaveProperty('heightFeet');
    expect(p).not.toHaveProperty('xHandle');
    const list = await as(t, parent, { method: 'GET', url: '/api/players' });
    expect(list.json().map((x: any) => x.id)).toContain(p.id);
    expect((await as(t, other, { method: 'GET', url: '/api/players' })).json()).toEqual([]);
  });

  it('keeps optional academic fields empty when left blank', async () => {
    const res = await create(parent, { gpa: '', satScore: null, actScore: undefined, addressLine2: '  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ gpa: null, satScore: null, actScore: null, addressLine2: null });
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await create(null)).statusCode).toBe(401);
    expect((await as(t, null, { method: 'GET', url: '/api/players' })).statusCode).toBe(401);
    expect((await as(t, null, { method: 'GET', url: '/api/players/1' })).statusCode).toBe(401);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no first name', { firstName: '' }, 'firstName', 'First name is required'],
    [
      'a 256-character last name',
      { lastName: 'x'.repeat(256) },
      'lastName',
      'Last name must be at most 255 characters',
    ],
    ['no height', { heightInches: 0 }, 'heightInches', 'Height is required'],
    ['a 9-foot height', { heightInches: 9 * 12 }, 'heightInches', 'Height must be at most 8 feet'],
    ['a weight of 20 lbs', { weight: 20 }, 'weight', 'Weight is required'],
    ['a weight of 600 lbs', { weight: 600 }, 'weight', 'Weight must be at most 500 lbs'],
    ['no graduation year', { graduationYear: '' }, 'graduationYear', 'Graduation year is required'],
    ['a graduation year of 1999', { graduationYear: 1999 }, 'graduationYear', 'Graduation year is required'],
    [
      'a graduation year of 2101',
      { graduationYear: 2101 },
      'graduationYear',
      'Graduation year must be 2100 or earlier',
    ],
    ['no school', { school: ' ' }, 'school', 'School is required'],
    ['an unknown level', { level: 'Middle School' }, 'level', 'Level is required'],
    ['no primary position', { primaryPositionId: null }, 'primaryPositionId', 'Primary position is required'],
    [
      'no secondary position',
      { secondaryPositionId: undefined },
      'secondaryPositionId',
      'Secondary position is required',
    ],
    [
      'a primary position that does not exist',
      { primaryPositionId: 9999 },
      'primaryPositionId',
      'Primary position is required',
    ],
    ['no gender', { gender: '' }, 'gender', 'Gender is required'],
    ['no date of birth', { dateOfBirth: '' }, 'dateOfBirth', 'Date of birth is required'],
    [
      'a birth date less than ten years ago',
      { dateOfBirth: `${new Date().getFullYear() - 9}-01-01` },
      'dateOfBirth',
      `Date of birth must be on or before Dec 31, ${new Date().getFullYear() - 10}`,
    ],
    ['no address', { addressLine1: '' }, 'addressLine1', 'Address is required'],
    ['no city', { city: '' }, 'city', 'City is required'],
    ['no state', { state: '' }, 'state', 'State is required'],
    ['a state that is not a US code', { state: 'Texas' }, 'state', 'Choose a US state from the list'],
    ['no ZIP code', { zipCode: '' }, 'zipCode', 'ZIP code is required'],
    ['a 4-digit ZIP code', { zipCode: '7870' }, 'zipCode', 'ZIP code must be 5 digits'],
    ['no county', { county: '' }, 'county', 'County is required'],
    ['an invalid email', { email: 'jordan@' }, 'email', 'Valid email address is required'],
    ['a 9-digit phone', { phone: '512555010' }, 'phone', 'Phone number must be 10 digits'],
    ['no country code', { phoneCountryCode: '' }, 'phoneCountryCode', 'Country code is required'],
    ['no Hudl URL', { hudlUrl: '' }, 'hudlUrl', 'Hudl Profile URL is required'],
    ['a Hudl URL that is not a URL', { hudlUrl: 'hudl profile' }, 'hudlUrl', 'Please enter a valid URL'],
    ['a javascript: Hudl link', { hudlUrl: 'javascript:alert(1)' }, 'hudlUrl', 'Please enter a valid URL'],
    [
      'a Facebook link that is not a URL',
      { facebookUrl: 'facebook' },
      'facebookUrl',
      'Please enter a valid URL',
    ],
    ['no X handle', { twitterHandle: '@' }, 'twitterHandle', 'X/Twitter handle is required'],
    ['no Instagram handle', { instagramHandle: '' }, 'instagramHandle', 'Instagram handle is required'],
    ['a GPA of 5.1', { gpa: 5.1 }, 'gpa', 'GPA must be between 0 and 5'],
    ['an SAT score of 300', { satScore: 300 }, 'satScore', 'SAT score must be between 400 and 1600'],
    ['an SAT score of 1255', { satScore: 1255 }, 'satScore', 'SAT score must be a multiple of 10'],
    ['an ACT score of 37', { actScore: 37 }, 'actScore', 'ACT score must be between 1 and 36'],
    [
      'a photo that is not one of our uploads',
      { photoUrl: 'https://evil.example/x.png' },
      'photoUrl',
      'Please upload the photo again',
    ],
  ];
  it.each(invalid)('refuses %s with 400 and stores nothing', async (_name, overrides, field, message) => {
    const before = await playerCount(t);
    const res = await create(parent, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await playerCount(t)).toBe(before);
  });
});

describe('reading a player', () => {
  it("a user cannot open another user's player: 404, the same as a missing one", async () => {
    const p = (await create(parent)).json();
    const stranger = await createUser(t);
    const res = await as(t, stranger, { method: 'GET', url: `/api/players/${p.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Player not found');
    expect((await as(t, stranger, { method: 'GET', url: '/api/players/999999' })).statusCode).toBe(404);
    expect(res.body).not.toContain('Jordan');
  });

  it('the owner reads the player with its private details; an analyst and an admin without them (decision 197)', async () => {
    const p = (await create(parent)).json();
    const own = await as(t, parent, { method: 'GET', url: `/api/players/${p.id}` });
    expect(own.json()).toMatchObject({
      id: p.id,
      phone: '5125550100',
      email: 'jordan@example.com',
      dateOfBirth: '2009-04-12',
    });
    for (const role of ['analyst', 'admin'] as const) {
      const res = await as(t, await createUser(t, { role }), { method: 'GET', url: `/api/players/${p.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: p.id, firstName: 'Jordan', city: 'Austin' });
      expect(res.body).not.toMatch(/5125550100|jordan@example\.com|2009-04-12/);
    }
  });

  it('an analyst lists only their own players on the dashboard', async () => {
    await create(parent);
    const analyst = await createUser(t, { role: 'analyst' });
    expect((await as(t, analyst, { method: 'GET', url: '/api/players' })).json()).toEqual([]);
  });

  it('answers 400 to an id that is not a number', async () => {
    expect((await as(t, parent, { method: 'GET', url: '/api/players/abc' })).statusCode).toBe(400);
  });
});

describe('editing a player', () => {
  const put = async (user: TestUser | null, id: number, overrides: Record<string, unknown> = {}) =>
    as(t, user, { method: 'PUT', url: `/api/players/${id}`, payload: await playerBody(t, overrides) });

  it('the owner saves changes; the Hudl URL is optional on edit', async () => {
    const p = (await create(parent)).json();
    const res = await put(parent, p.id, {
      firstName: 'Jordy',
      heightInches: 74,
      weight: 190,
      hudlUrl: '',
      gpa: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: p.id,
      firstName: 'Jordy',
      heightInches: 74,
      weight: 190,
      hudlUrl: null,
      gpa: null,
    });
    expect((await as(t, parent, { method: 'GET', url: `/api/players/${p.id}` })).json().firstName).toBe(
      'Jordy',
    );
  });

  it('refuses an invalid edit with 400 and leaves the player as it was', async () => {
    const p = (await create(parent)).json();
    const res = await put(parent, p.id, { firstName: 'Changed', zipCode: 'abcde' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.zipCode).toBe('ZIP code must be 5 digits');
    expect((await as(t, parent, { method: 'GET', url: `/api/players/${p.id}` })).json().firstName).toBe(
      'Jordan',
    );
  });

  it('another user cannot edit the player (404); an analyst may read but not edit (403); an admin may', async () => {
    const p = (await create(parent)).json();
    expect((await put(await createUser(t), p.id, { firstName: 'Hacked' })).statusCode).toBe(404);
    expect(
      (await put(await createUser(t, { role: 'analyst' }), p.id, { firstName: 'Hacked' })).statusCode,
    ).toBe(403);
    expect((await put(null, p.id)).statusCode).toBe(401);
    const admin = await createUser(t, { role: 'admin' });
    const res = await put(admin, p.id, { firstName: 'Fixed', userId: admin.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Fixed', userId: parent.id });
  });
});

describe('positions', () => {
  it('lists the active positions for a signed-in user, 401 otherwise', async () => {
    const res = await as(t, parent, { method: 'GET', url: '/api/positions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'QB', name: 'Quarterback', isActive: true })]),
    );
    expect((await as(t, null, { method: 'GET', url: '/api/positions' })).statusCode).toBe(401);
  });
});

describe("a minor's private details", () => {
  it('are left out for anyone who is not the owner', async () => {
    const { toPlayer } = await import('./player-view');
    const { players } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const p = (await create(parent)).json();
    const [row] = await t.db.select().from(players).where(eq(players.id, p.id));
    const shared = toPlayer(row, { id: parent.id + 1000, role: 'admin' }, t.app.storage);
    for (const f of [
      'dateOfBirth',
      'addressLine1',
      'addressLine2',
      'zipCode',
      'email',
      'phone',
      'phoneCountryCode',
    ]) {
      expect(shared).not.toHaveProperty(f);
    }
    expect(shared).toMatchObject({ firstName: 'Jordan', city: 'Austin', state: 'TX' });
    expect(toPlayer(row, { id: parent.id, role: 'user' }, t.app.storage)).toHaveProperty(
      'phone',
      '5125550100',
    );
  });
});
