import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, subscriptions } from '../../db/schema';
import { signPayload } from '../../lib/payments/signature';
import { as, createTestApp, createUser, isRealPostgres, type TestApp } from '../../test/helpers';
import {
  balances,
  capturingProvider,
  deliver,
  eventRows,
  grantsOf,
  provider,
  startCheckout,
} from './billing-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Checkout through the API, paid through a provider handle that keeps the events instead of sending them. */
async function paidButUndelivered(key: string) {
  const u = await createUser(t);
  const id = await startCheckout(t, u, key);
  const cap = capturingProvider(t);
  await cap.provider.pay(id, '4242424242424242');
  const ev = (type: string) => cap.caught.find((e) => e.type === type)!;
  return { u, caught: cap.caught, ev };
}

describe('signature', () => {
  it('signs exactly as Stripe does (the SDK verifies our header)', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const header = signPayload(payload, 'whsec_abc');
    expect(Stripe.webhooks.constructEvent(payload, header, 'whsec_abc')).toMatchObject({ id: 'evt_1' });
  });

  it('refuses a wrong signature, a missing one and a stale timestamp with 400, changing nothing', async () => {
    const { u, ev } = await paidButUndelivered('combo-pack');
    const e = ev('checkout.session.completed');
    const wrong = await deliver(t, e.payload, { secret: 'whsec_not_ours' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webhook/webhooks/stripe',
      payload: e.payload,
      headers: { 'content-type': 'application/json' },
    });
    const stale = await deliver(t, e.payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const tampered = await deliver(t, e.payload.replace('"amount_total":5900', '"amount_total":1'), {
      signature: signPayload(e.payload, t.env.STRIPE_WEBHOOK_SECRET),
    });
    for (const res of [wrong, missing, stale, tampered]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Webhook signature verification failed');
    }
    expect(await eventRows(t, e.id)).toHaveLength(0);
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });
    expect((await deliver(t, e.payload)).statusCode).toBe(200);
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });
  });

  it('verifies the raw bytes: re-encoded JSON with the same meaning is refused', async () => {
    const { ev } = await paidButUndelivered('speed-single');
    const e = ev('checkout.session.completed');
    const reencoded = JSON.stringify(JSON.parse(e.payload), null, 2);
    const res = await deliver(t, reencoded, {
      signature: signPayload(e.payload, t.env.STRIPE_WEBHOOK_SECRET),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('idempotency', () => {
  it('the same event delivered ten times in sequence grants once and is recorded once', async () => {
    const { u, ev } = await paidButUndelivered('premium');
    const paid = ev('invoice.paid');
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await deliver(t, paid.payload)).json());
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(answers[0]).toMatchObject({ received: true, duplicate: false, outcome: 'credits granted' });
    expect(await balances(t, u.id)).toEqual({ credits: 10, igaCredits: 5, hasActiveSubscription: true });
    expect(await grantsOf(t, u.id)).toHaveLength(1);
    expect(await eventRows(t, paid.id)).toHaveLength(1);
  });

  it.skipIf(!isRealPostgres())(
    'the same event delivered ten times in parallel grants once (PostgreSQL)',
    async () => {
      const { u, ev } = await paidButUndelivered('standard');
      const paid = ev('invoice.paid');
      const done = await Promise.all(Array.from({ length: 10 }, () => deliver(t, paid.payload)));
      expect(done.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(done.filter((r) => !r.json().duplicate)).toHaveLength(1);
      expect(await balances(t, u.id)).toEqual({ credits: 6, igaCredits: 3, hasActiveSubscription: true });
      expect(await grantsOf(t, u.id)).toHaveLength(1);
    },
  );

  it.skipIf(!isRealPostgres())(
    'a whole purchase delivered ten times over, all at once, grants once (PostgreSQL)',
    async () => {
      const { u, caught } = await paidButUndelivered('basic');
      const storm = caught.flatMap((e) => Array.from({ length: 10 }, () => deliver(t, e.payload)));
      const done = await Promise.all(storm);
      expect(done.every((r) => r.statusCode === 200)).toBe(true);
      expect(await balances(t, u.id)).toEqual({ credits: 4, igaCredits: 2, hasActiveSubscription: true });
      expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id))).toHaveLength(1);
    },
  );

  it('a one-time purchase and its replays grant once', async () => {
    const { u, caught } = await paidButUndelivered('iga-single');
    for (let round = 0; round < 3; round++) for (const e of caught) await deliver(t, e.payload);
    expect(await balances(t, u.id)).toMatchObject({
      credits: 0,
      igaCredits: 1,
      hasActiveSubscription: false,
    });
  });
});

describe('order of events', () => {
  it('reaches the same state when the invoice arrives before the session and the subscription', async () => {
    const { u, caught } = await paidButUndelivered('standard');
    expect(caught.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    for (const e of [...caught].reverse()) expect((await deliver(t, e.payload)).statusCode).toBe(200);
    expect(await balances(t, u.id)).toEqual({ credits: 6, igaCredits: 3, hasActiveSubscription: true });
    const subs = (await as(t, u, { method: 'GET', url: '/api/subscriptions' })).json().data;
    expect(subs).toEqual([expect.objectContaining({ status: 'active', cancel_at_period_end: false })]);
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).json().stripeCustomerId).toMatch(/^cus_/);
  });

  it('a late, older update cannot undo a newer state', async () => {
    const u = await createUser(t);
    const id = await startCheckout(t, u, 'basic');
    const cap = capturingProvider(t);
    await cap.provider.pay(id, '4242424242424242');
    for (const e of cap.caught) await deliver(t, e.payload);
    const subId = JSON.parse(cap.caught[0].payload).data.object.id;
    await cap.provider.setCancelAtPeriodEnd(subId, true);
    await cap.provider.setCancelAtPeriodEnd(subId, false);
    const [cancelled, reactivated] = cap.caught.filter((e) => e.type === 'customer.subscription.updated');
    await deliver(t, reactivated.payload);
    await deliver(t, cancelled.payload);
    const [sub] = (await as(t, u, { method: 'GET', url: '/api/subscriptions' })).json().data;
    expect(sub.cancel_at_period_end).toBe(false);
  });
});

describe('renewals and endings', () => {
  it('a yearly renewal grants the year’s credits again; a cancelled one ends and clears hasActiveSubscription', async () => {
    const u = await createUser(t);
    const id = await startCheckout(t, u, 'economy');
    await t.app.inject({
      method: 'POST',
      url: `/api/checkout/test/${id}/pay`,
      payload: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    const [sub] = (await as(t, u, { method: 'GET', url: '/api/subscriptions' })).json().data;
    await provider(t).advanceToPeriodEnd(sub.id);
    expect(await balances(t, u.id)).toEqual({ credits: 4, igaCredits: 2, hasActiveSubscription: true });
    const [renewed] = (await as(t, u, { method: 'GET', url: '/api/subscriptions' })).json().data;
    expect(renewed.current_period_end).toBeGreaterThan(sub.current_period_end);

    await as(t, u, { method: 'POST', url: `/api/subscriptions/${sub.id}/cancel` });
    await provider(t).advanceToPeriodEnd(sub.id);
    expect(await balances(t, u.id)).toEqual({ credits: 4, igaCredits: 2, hasActiveSubscription: false });
    const [ended] = (await as(t, u, { method: 'GET', url: '/api/subscriptions' })).json().data;
    expect(ended.status).toBe('canceled');
    expect((await as(t, u, { method: 'GET', url: '/api/user' })).json().plan).toBeNull();
  });

  it('ignores event types it does not handle, but records them', async () => {
    const payload = JSON.stringify({
      id: 'evt_other_1',
      object: 'event',
      type: 'charge.succeeded',
      created: 1,
      livemode: false,
      data: { object: { id: 'ch_1' } },
    });
    const res = await deliver(t, payload);
    expect(res.json()).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_other_1'))).toHaveLength(
      1,
    );
  });

  it('answers 400 for a signed body that is not an event', async () => {
    const res = await deliver(t, JSON.stringify({ hello: 'world' }));
    expect(res.statusCode).toBe(400);
  });
});
