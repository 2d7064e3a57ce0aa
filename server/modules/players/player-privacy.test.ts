import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { positionId, requestSpeed } from '../analysis/analysis.fixtures';
import { playerBody } from './player-fixtures';

// Decision 197 (amending 011): what each role reads of a minor. The family reads everything of its own
// players; analysts and admins read the card without the birth date and contact details; another
// family and a signed-out visitor read nothing.
let t: TestApp;
let family: TestUser;
let other: TestUser;
let analyst: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [family, other, analyst, admin] = await Promise.all([
    createUser(t, { credits: 5 }),
    createUser(t),
    createUser(t, { role: 'analyst' }),
    createUser(t, { role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const CONTACT = {
  dateOfBirth: '2009-04-12',
  addressLine1: '100 Stadium Way',
  addressLine2: 'Unit 7',
  zipCode: '78701',
  email: 'jordan@example.com',
  phone: '5125550100',
  phoneCountryCode: '+1',
};
const PRIVATE_TEXT = /2009-04-12|100 Stadium Way|Unit 7|78701|jordan@example\.com|5125550100/;

async function newPlayer() {
  const res = await as(t, family, {
    method: 'POST',
    url: '/api/players',
    payload: await playerBody(t, { addressLine2: CONTACT.addressLine2 }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
const read = (who: TestUser | null, id: number) => as(t, who, { method: 'GET', url: `/api/players/${id}` });
const edit = async (who: TestUser, id: number, over: Record<string, unknown>, drop: string[] = []) => {
  const body: Record<string, unknown> = await playerBody(t, over);
  for (const f of drop) delete body[f];
  return as(t, who, { method: 'PUT', url: `/api/players/${id}`, payload: body });
};

describe('reading a player, role by role', () => {
  it('the family reads its player in full', async () => {
    const p = await newPlayer();
    expect((await read(family, p.id)).json()).toMatchObject({ ...CONTACT, city: 'Austin', county: 'Travis' });
  });

  it('an analyst and an admin read the card without birth date, address, ZIP, email or phone', async () => {
    const p = await newPlayer();
    for (const who of [analyst, admin]) {
      const res = await read(who, p.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstName: 'Jordan',
        school: 'Westlake High School',
        city: 'Austin',
      });
      for (const f of Object.keys(CONTACT)) expect(res.json()).not.toHaveProperty(f);
      expect(res.body).not.toMatch(PRIVATE_TEXT);
    }
  });

  it('another family gets 404 and a signed-out visitor 401', async () => {
    const p = await newPlayer();
    expect((await read(other, p.id)).statusCode).toBe(404);
    expect((await read(null, p.id)).statusCode).toBe(401);
  });

  it("the analyst's queue carries the player's name and level, nothing private", async () => {
    const p = await newPlayer();
    expect((await requestSpeed(t, family, p.id, await positionId(t, 'WR'))).statusCode).toBe(201);
    const queue = await as(t, analyst, { method: 'GET', url: '/api/analysis-requests/queue' });
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain('Jordan');
    expect(queue.body).not.toMatch(PRIVATE_TEXT);
  });
});

describe('editing a player, role by role', () => {
  it("an admin corrects a family's card without its contact details; the stored ones stay", async () => {
    const p = await newPlayer();
    const res = await edit(admin, p.id, { firstName: 'Corrected' }, Object.keys(CONTACT));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().firstName).toBe('Corrected');
    expect(res.body).not.toMatch(PRIVATE_TEXT);
    expect((await read(family, p.id)).json()).toMatchObject({ ...CONTACT, firstName: 'Corrected' });
  });

  it('an admin cannot overwrite what they cannot read: contact details they send are ignored', async () => {
    const p = await newPlayer();
    const res = await edit(admin, p.id, {
      dateOfBirth: '2008-01-01',
      addressLine1: '1 Other Road',
      addressLine2: '',
      zipCode: '10001',
      email: 'admin-typed@example.com',
      phone: '2125550100',
      phoneCountryCode: '+44',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(family, p.id)).json()).toMatchObject(CONTACT);
  });

  it('the family still sends every contact field: one left out is named, as on the form', async () => {
    const p = await newPlayer();
    const res = await edit(family, p.id, { firstName: 'Changed' }, ['dateOfBirth', 'phone']);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      dateOfBirth: 'Date of birth is required',
      phone: 'Phone number must be 10 digits',
    });
    expect((await read(family, p.id)).json()).toMatchObject({ firstName: 'Jordan', ...CONTACT });
    const saved = await edit(family, p.id, { ...CONTACT, phone: '(512) 555-0111', addressLine2: '' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ phone: '5125550111', addressLine2: null });
  });

  it('an analyst still cannot edit (403) and another family gets 404', async () => {
    const p = await newPlayer();
    expect((await edit(analyst, p.id, { firstName: 'X' }, Object.keys(CONTACT))).statusCode).toBe(403);
    expect((await edit(other, p.id, { firstName: 'X' })).statusCode).toBe(404);
  });
});
