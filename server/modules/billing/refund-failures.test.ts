import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeStates } from '../../db/schema';
import { as, createTestApp, createUser, ledgerOf, type TestApp, type TestUser } from '../../test/helpers';
import { balances, deliver, planId } from './billing-test-kit';
import { stripeChargeRefunded } from '../../lib/payments/test-mode/fixtures/stripe-charge-events';
import {
  legacyInvoiceChargeRefunded,
  stripeInvoicePaymentPaid,
  stripePlanInvoicePaid,
  stripeRefundEvent,
} from '../../lib/payments/test-mode/fixtures/stripe-refund-events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = async (event: unknown) => {
  const res = await deliver(t, JSON.stringify(event));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ duplicate: boolean; outcome: string }>();
};
const kinds = async (userId: number) =>
  (await ledgerOf(t, userId)).map((r) => [r.type, r.amount, r.igaAmount]);
const stateOf = async (chargeId: string) =>
  (await t.db.select().from(chargeStates).where(eq(chargeStates.chargeId, chargeId)))[0];

let seq = 0;
/** A live Combo Pack (3 Max Speed + 2 IGA, $59) bought through Stripe Checkout; returns the ids its charge carries. */
async function livePurchase(u: TestUser) {
  const n = ++seq;
  const ids = { chargeId: `ch_live_rf${n}`, paymentIntent: `pi_live_rf${n}`, customer: `cus_live_rf${n}` };
  const session = {
    id: `cs_live_rf${n}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    customer: ids.customer,
    client_reference_id: String(u.id),
    metadata: { userId: String(u.id), planId: String(await planId(t, 'combo-pack')) },
    amount_total: 5900,
    payment_intent: ids.paymentIntent,
  };
  expect(
    (
      await send({
        id: `evt_live_rf_c${n}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: 1763880000,
        livemode: true,
        data: { object: session },
      })
    ).outcome,
  ).toBe('credits granted');
  expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });
  return { n, ...ids };
}

describe('a refund that later fails or is canceled', () => {
  it('gives back the credits the refund took, once, and the family sees it in the billing history', async () => {
    const u = await createUser(t);
    const p = await livePurchase(u);
    const refunded = stripeChargeRefunded({
      ...p,
      eventId: `evt_rf${p.n}_r`,
      amount: 5900,
      refunded: 5900,
      livemode: true,
      created: 1763900000,
    });
    expect(await send(refunded)).toMatchObject({ outcome: 'credits taken back' });
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });

    const failed = stripeRefundEvent({
      ...p,
      eventId: `evt_rf${p.n}_f`,
      refundId: `re_rf${p.n}`,
      amount: 5900,
      status: 'failed',
      livemode: true,
      created: 1764200000,
    });
    expect(await send(failed)).toMatchObject({ duplicate: false, outcome: 'credits restored' });
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });
    expect(await send(failed)).toMatchObject({ duplicate: true });
    // Stripe sends the same change again as refund.failed and refund.updated: nothing moves twice.
    expect(await send({ ...failed, id: `evt_rf${p.n}_f2`, type: 'refund.failed' })).toMatchObject({
      outcome: 'no change',
    });
    expect(await send({ ...failed, id: `evt_rf${p.n}_f3`, type: 'refund.updated' })).toMatchObject({
      outcome: 'no change',
    });
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });
    expect(await kinds(u.id)).toEqual([
      ['purchase', 3, 2],
      ['payment_refund', -3, -2],
      ['refund_reversal', 3, 2],
    ]);
    expect(await stateOf(p.chargeId)).toMatchObject({
      amountRefunded: 0,
      refundedReported: 5900,
      creditsTaken: 0,
      igaTaken: 0,
    });

    const history = await as(t, u, { method: 'GET', url: '/api/billing/history?kind=payments' });
    expect(history.statusCode).toBe(200);
    expect(history.json()[0]).toMatchObject({
      type: 'refund_reversal',
      label: 'Refund failed',
      credits: 3,
      igaCredits: 2,
      amountCents: 5900,
    });
    expect(history.json()[0].description).toBe('Refund failed: credits restored: Purchase: Combo Pack');
  });

  it('ends the same in every order: a standing half refund, a second half that is canceled, each event twice', async () => {
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const order of orders) {
      const u = await createUser(t);
      const p = await livePurchase(u);
      const events = [
        stripeChargeRefunded({
          ...p,
          eventId: `evt_rf${p.n}_r1`,
          amount: 5900,
          refunded: 2950,
          livemode: true,
          created: 1763900000,
        }),
        stripeChargeRefunded({
          ...p,
          eventId: `evt_rf${p.n}_r2`,
          amount: 5900,
          refunded: 5900,
          livemode: true,
          created: 1763900100,
        }),
        stripeRefundEvent({
          ...p,
          eventId: `evt_rf${p.n}_c`,
          refundId: `re_rf${p.n}_b`,
          amount: 2950,
          status: 'canceled',
          livemode: true,
          created: 1763900200,
        }),
      ];
      for (const i of order) for (const _ of [1, 2]) await send(events[i]);
      expect(await balances(t, u.id), `order ${order.join(',')}`).toMatchObject({
        credits: 1,
        igaCredits: 1,
      });
      expect(await stateOf(p.chargeId), `order ${order.join(',')}`).toMatchObject({
        amountRefunded: 2950,
        creditsTaken: 2,
        igaTaken: 1,
      });
    }
  });

  it('a succeeded status delivered after the failure does not undo it', async () => {
    const u = await createUser(t);
    const p = await livePurchase(u);
    const base = { ...p, refundId: `re_rf${p.n}`, amount: 5900, livemode: true };
    await send(
      stripeRefundEvent({ ...base, eventId: `evt_rf${p.n}_f`, status: 'failed', created: 1764200000 }),
    );
    await send(
      stripeChargeRefunded({
        ...p,
        eventId: `evt_rf${p.n}_r`,
        amount: 5900,
        refunded: 5900,
        livemode: true,
        created: 1763900000,
      }),
    );
    await send(
      stripeRefundEvent({ ...base, eventId: `evt_rf${p.n}_s`, status: 'succeeded', created: 1763900001 }),
    );
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });
    expect(await kinds(u.id)).toEqual([['purchase', 3, 2]]);
  });

  it('a refund issued again after the first one failed takes back its share', async () => {
    const u = await createUser(t);
    const p = await livePurchase(u);
    await send(
      stripeChargeRefunded({
        ...p,
        eventId: `evt_rf${p.n}_r1`,
        amount: 5900,
        refunded: 5900,
        livemode: true,
        created: 1763900000,
      }),
    );
    await send(
      stripeRefundEvent({
        ...p,
        eventId: `evt_rf${p.n}_f`,
        refundId: `re_rf${p.n}_1`,
        amount: 5900,
        status: 'failed',
        livemode: true,
        created: 1764200000,
      }),
    );
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });
    // The charge is refundable again: a new half refund reports 2950 cumulative, less than the 5900 seen before.
    await send(
      stripeRefundEvent({
        ...p,
        type: 'refund.created',
        eventId: `evt_rf${p.n}_n`,
        refundId: `re_rf${p.n}_2`,
        amount: 2950,
        status: 'succeeded',
        livemode: true,
        created: 1764300000,
      }),
    );
    await send(
      stripeChargeRefunded({
        ...p,
        eventId: `evt_rf${p.n}_r2`,
        amount: 5900,
        refunded: 2950,
        livemode: true,
        created: 1764300001,
      }),
    );
    expect(await balances(t, u.id)).toMatchObject({ credits: 1, igaCredits: 1 });
  });

  it('a refund event without a charge is recorded and changes nothing', async () => {
    const e = stripeRefundEvent({
      eventId: 'evt_rf_nocharge',
      refundId: 're_nocharge',
      chargeId: '',
      paymentIntent: null,
      amount: 100,
      status: 'failed',
      livemode: true,
      created: 1764200000,
    });
    (e.data.object as { charge: string | null }).charge = null;
    expect(await send(e)).toMatchObject({ outcome: 'ignored: refund without a charge' });
  });
});

describe('a refunded plan invoice whose grant never saw the payment intent', () => {
  async function plan(u: TestUser, n: string) {
    return {
      invoiceId: `in_live_${n}`,
      subscription: `sub_live_${n}`,
      customer: `cus_live_${n}`,
      userId: u.id,
      planId: await planId(t, 'economy'),
      price: 'price_va_economy',
      amountPaid: 9900,
      livemode: true,
    };
  }

  it('is matched once invoice_payment.paid names the payment intent, in either order', async () => {
    const u = await createUser(t);
    const inv = await plan(u, 'p1');
    expect(
      await send(stripePlanInvoicePaid({ ...inv, eventId: 'evt_p1_paid', created: 1763880000 })),
    ).toMatchObject({ outcome: 'credits granted' });
    expect(await balances(t, u.id)).toMatchObject({ credits: 2, igaCredits: 1 });
    const refund = stripeChargeRefunded({
      eventId: 'evt_p1_ref',
      chargeId: 'ch_live_p1',
      paymentIntent: 'pi_live_p1',
      customer: inv.customer,
      amount: 9900,
      refunded: 9900,
      livemode: true,
      created: 1763900000,
    });
    expect(await send(refund)).toMatchObject({ outcome: 'recorded: no matching purchase' });
    expect(await stateOf('ch_live_p1')).toMatchObject({ grantId: null });
    expect(
      await send(
        stripeInvoicePaymentPaid({
          eventId: 'evt_p1_ip',
          invoiceId: inv.invoiceId,
          paymentIntent: 'pi_live_p1',
          amount: 9900,
          livemode: true,
          created: 1763880001,
        }),
      ),
    ).toMatchObject({ outcome: 'payment linked: credits taken back' });
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });
    expect((await stateOf('ch_live_p1')).grantId).not.toBeNull();
    expect(await kinds(u.id)).toEqual([
      ['subscription_grant', 2, 1],
      ['payment_refund', -2, -1],
    ]);

    const u2 = await createUser(t);
    const inv2 = await plan(u2, 'p2');
    expect(
      await send(
        stripeInvoicePaymentPaid({
          eventId: 'evt_p2_ip',
          invoiceId: inv2.invoiceId,
          paymentIntent: 'pi_live_p2',
          amount: 9900,
          livemode: true,
          created: 1763880001,
        }),
      ),
    ).toMatchObject({ outcome: 'recorded: invoice not granted yet' });
    await send(stripePlanInvoicePaid({ ...inv2, eventId: 'evt_p2_paid', created: 1763880000 }));
    await send(
      stripeChargeRefunded({
        eventId: 'evt_p2_ref',
        chargeId: 'ch_live_p2',
        paymentIntent: 'pi_live_p2',
        customer: inv2.customer,
        amount: 9900,
        refunded: 9900,
        livemode: true,
        created: 1763900000,
      }),
    );
    expect(await balances(t, u2.id)).toMatchObject({ credits: 0, igaCredits: 0 });
  });

  it('is matched by the invoice an older API version names on the charge', async () => {
    const u = await createUser(t);
    const inv = await plan(u, 'p3');
    await send(stripePlanInvoicePaid({ ...inv, eventId: 'evt_p3_paid', created: 1763880000 }));
    const refund = legacyInvoiceChargeRefunded({
      eventId: 'evt_p3_ref',
      chargeId: 'ch_live_p3',
      invoiceId: inv.invoiceId,
      paymentIntent: 'pi_live_p3',
      customer: inv.customer,
      amount: 9900,
      refunded: 9900,
      livemode: true,
      created: 1763900000,
    });
    expect(await send(refund)).toMatchObject({ outcome: 'credits taken back' });
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });
    expect(await send({ ...refund, id: 'evt_p3_ref2' })).toMatchObject({ outcome: 'no change' });
  });

  it('is matched by the charge an invoice payload names (before 2025-03)', async () => {
    const u = await createUser(t);
    const inv = await plan(u, 'p4');
    const paid = stripePlanInvoicePaid({ ...inv, eventId: 'evt_p4_paid', created: 1763880000 });
    (paid.data.object as Record<string, unknown>).charge = 'ch_live_p4';
    await send(paid);
    const refund = stripeChargeRefunded({
      eventId: 'evt_p4_ref',
      chargeId: 'ch_live_p4',
      paymentIntent: 'pi_live_p4',
      customer: inv.customer,
      amount: 9900,
      refunded: 4950,
      livemode: true,
      created: 1763900000,
    });
    expect(await send(refund)).toMatchObject({ outcome: 'credits taken back' });
    expect(await balances(t, u.id)).toMatchObject({ credits: 1, igaCredits: 0 });
  });
});
