import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { playerBody } from './player-fixtures';

let t: TestApp;
let parent: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  parent = await createUser(t);
});
afterAll(() => t.close());

const create = async (overrides: Record<string, unknown> = {}) =>
  as(t, parent, { method: 'POST', url: '/api/players', payload: await playerBody(t, overrides) });
const update = async (id: number, overrides: Record<string, unknown> = {}) =>
  as(t, parent, { method: 'PUT', url: `/api/players/${id}`, payload: await playerBody(t, overrides) });

describe("a player's school", () => {
  it('picked from the directory is stored with its town and shown as verified', async () => {
    const res = await create({ school: 'Westlake High School', schoolCity: 'Austin', schoolState: 'TX' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      school: 'Westlake High School',
      schoolCity: 'Austin',
      schoolState: 'TX',
      schoolVerified: true,
    });
  });

  it("typed under 'My school is not listed' is stored as unverified, with its town and state", async () => {
    const res = await create({
      school: 'Hill Country Home School Co-op',
      schoolCity: 'Dripping Springs',
      schoolState: 'TX',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      school: 'Hill Country Home School Co-op',
      schoolCity: 'Dripping Springs',
      schoolState: 'TX',
      schoolVerified: false,
    });
    const again = await as(t, parent, { method: 'GET', url: `/api/players/${res.json().id}` });
    expect(again.json().schoolVerified).toBe(false);
  });

  it('a listed name in another town than the one typed is not verified', async () => {
    const res = await create({ school: 'Westlake High School', schoolCity: 'Nowhere', schoolState: 'WY' });
    expect(res.json().schoolVerified).toBe(false);
  });

  it('refuses a school state that is not a state code, naming the problem', async () => {
    const res = await create({ schoolState: 'ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.schoolState).toBe("Choose the school's state");
  });
});

describe('positions and other fields', () => {
  it('a player without a secondary position can be edited and saved', async () => {
    const id = (await create()).json().id;
    const res = await update(id, { secondaryPositionId: null, firstName: 'Jordy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Jordy', secondaryPositionId: null });
  });

  it('the same position cannot be primary and secondary', async () => {
    const body = await playerBody(t);
    const res = await create({ secondaryPositionId: body.primaryPositionId });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.secondaryPositionId).toBe(
      'Secondary position must differ from the primary position',
    );
    const id = (await create()).json().id;
    expect((await update(id, { secondaryPositionId: body.primaryPositionId })).statusCode).toBe(400);
  });

  it("state 'ZZ' is named as a wrong state, not a missing one", async () => {
    const res = await create({ state: 'ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.state).toBe('Choose a US state from the list');
  });

  it('an invalid country code is reported beside every other error', async () => {
    const res = await create({ phoneCountryCode: '+12345', firstName: '', zipCode: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      phoneCountryCode: 'Country code must be + and 1 to 4 digits',
      firstName: 'First name is required',
      zipCode: 'ZIP code must be 5 digits',
    });
  });
});

describe('the country code', () => {
  it("left as a lone '+' is reported as missing, beside the other errors", async () => {
    const res = await create({ phoneCountryCode: '+', county: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      phoneCountryCode: 'Country code is required',
      county: 'County is required',
    });
  });
});
