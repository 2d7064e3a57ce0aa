import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { balances, buy } from './billing-test-kit';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  other = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const act = (user: TestUser | null, id: string, action: string, payload: Record<string, unknown> = {}) =>
  as(t, user, { method: 'POST', url: `/api/checkout/test/${id}/${action}`, payload });

describe("the test checkout's refund and dispute tools are an admin's (decision 206)", () => {
  it('signed out, a checkout id alone refunds and disputes nothing: 401, the credits stay', async () => {
    const id = await buy(t, owner, 'combo-pack');
    const before = await balances(t, owner.id);
    for (const [action, body] of [
      ['refund', {}],
      ['dispute', {}],
      ['dispute/close', { outcome: 'lost' }],
    ] as const) {
      const res = await act(null, id, action, body);
      expect(res.statusCode, action).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(await balances(t, owner.id)).toEqual(before);
  });

  it('no family may refund or dispute, not even its own purchase: 403 before the body is read, the credits stay', async () => {
    const id = await buy(t, owner, 'combo-pack');
    const before = await balances(t, owner.id);
    for (const user of [owner, other])
      for (const [action, body] of [
        ['refund', {}],
        ['dispute', {}],
        ['dispute/close', { outcome: 'won' }],
      ] as const) {
        const res = await act(user, id, action, body);
        expect(res.statusCode, `${action} by ${user === owner ? 'the owner' : 'another family'}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    expect(await balances(t, owner.id)).toEqual(before);
  });

  it("an admin may refund, dispute and close a dispute on any family's purchase", async () => {
    const paid = await buy(t, owner, 'speed-single');
    expect((await act(admin, paid, 'refund')).statusCode).toBe(200);
    const disputed = await buy(t, owner, 'speed-single');
    expect((await act(admin, disputed, 'dispute')).json()).toMatchObject({ disputeStatus: 'needs_response' });
    expect((await act(admin, disputed, 'dispute/close', { outcome: 'won' })).json()).toMatchObject({
      disputeStatus: 'won',
    });
  });
});
