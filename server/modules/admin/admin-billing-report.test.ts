import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { as, createTestApp, createUser, type TestApp, type TestUser, setBalances } from '../../test/helpers';
import { buy, deliver } from '../billing/billing-test-kit';
import { stripeChargeRefunded } from '../../lib/payments/test-mode/fixtures/stripe-charge-events';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const act = (id: string, action: string, payload: Record<string, unknown> = {}) =>
  as(t, staff, { method: 'POST', url: `/api/checkout/test/${id}/${action}`, payload });

describe('admin billing report', () => {
  it('shows refunds, open/won/lost disputes, unmatched events and the families below zero', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const a = await createUser(t, { email: 'refunded@example.com' });
    const b = await createUser(t);
    const refunded = await buy(t, a, 'combo-pack');
    await act(refunded, 'refund', { amountCents: 2950 });
    await act(refunded, 'refund');
    const open = await buy(t, b, 'speed-single');
    await act(open, 'dispute');
    const won = await buy(t, b, 'iga-single');
    await act(won, 'dispute');
    await act(won, 'dispute/close', { outcome: 'won' });
    const lost = await buy(t, b, 'speed-single');
    await act(lost, 'dispute');
    await act(lost, 'dispute/close', { outcome: 'lost' });
    await deliver(
      t,
      JSON.stringify(
        stripeChargeRefunded({
          eventId: 'evt_x',
          chargeId: 'ch_x',
          paymentIntent: 'pi_x',
          customer: 'cus_x',
          amount: 100,
          refunded: 100,
          livemode: false,
        }),
      ),
    );
    const res = await as(t, admin, { method: 'GET', url: '/api/admin/reporting/billing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      refunds: { count: 2, amountCents: 5900 + 100, creditsTaken: 3 + 1 + 1, igaTaken: 2 },
      disputes: { open: 1, won: 1, lost: 1, amountCents: 1500 + 1900 + 1500 },
      unmatched: 1,
      negativeBalanceCount: 0,
    });
  });

  it('lists families whose balance is below zero, lowest first', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const spender = await createUser(t, { email: 'spender@example.com', igaCredits: 0 });
    const id = await buy(t, spender, 'combo-pack');
    await setBalances(t, spender.id, { credits: 0 }); // the pack's credits were spent
    await act(id, 'refund');
    const body = (await as(t, admin, { method: 'GET', url: '/api/admin/reporting/billing' })).json();
    expect(body.negativeBalanceCount).toBe(1);
    expect(body.negativeBalances).toEqual([
      { id: spender.id, email: 'spender@example.com', credits: -3, igaCredits: 0 },
    ]);
  });

  it('is admin only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reporting/billing' })).statusCode).toBe(401);
    const family = await createUser(t);
    expect((await as(t, family, { method: 'GET', url: '/api/admin/reporting/billing' })).statusCode).toBe(
      403,
    );
  });
});
