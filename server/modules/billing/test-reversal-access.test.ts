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

describe("the test checkout's refund and dispute tools", () => {
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

  it('another family cannot refund or dispute a purchase that is not theirs: 404 as for an unknown id, the credits stay', async () => {
    const id = await buy(t, owner, 'combo-pack');
    const before = await balances(t, owner.id);
    const unknown = await act(other, 'cs_test_nope', 'refund');
    for (const [action, body] of [
      ['refund', {}],
      ['dispute', {}],
      ['dispute/close', { outcome: 'won' }],
    ] as const) {
      const res = await act(other, id, action, body);
      expect(res.statusCode, action).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect(await balances(t, owner.id)).toEqual(before);
  });

  it('the family that paid may refund its own purchase', async () => {
    const id = await buy(t, owner, 'speed-single');
    const res = await act(owner, id, 'refund');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amountRefundedCents: res.json().amountCents });
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
