import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_SEEDS } from '../../seed/plans';
import { as, createTestApp, createUser, type TestApp } from '../../test/helpers';
import { balances, buy, CARDS, grantsOf, pay, planId, startCheckout, validCard } from './billing-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('plans and configuration', () => {
  it('lists the four yearly plans by rank, then the one-time products, Premium at $89 a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.filter((p: any) => p.type === 'subscription').map((p: any) => p.name)).toEqual([
      'Economy',
      'Basic',
      'Standard',
      'Premium',
    ]);
    expect(list.filter((p: any) => p.type === 'one_time').length).toBeGreaterThanOrEqual(1);
    expect(list.find((p: any) => p.name === 'Premium')).toMatchObject({
      priceUsd: 89,
      interval: 'year',
      stars: 4,
    });
    expect(list[0]).toEqual(
      expect.objectContaining({ description: expect.any(String), features: expect.any(Array) }),
    );
  });

  it('reports test mode when no Stripe key is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stripe/config' });
    expect(res.json()).toEqual({ isTestMode: true, provider: 'test-mode', publishableKey: null });
  });
});

describe('checkout', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { planId: await planId(t, 'basic') },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for a missing plan id and 404 for an unknown plan', async () => {
    const u = await createUser(t);
    const bad = await as(t, u, { method: 'POST', url: '/api/checkout', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.planId).toBe('Please choose a plan');
    const unknown = await as(t, u, { method: 'POST', url: '/api/checkout', payload: { planId: 99999 } });
    expect(unknown.statusCode).toBe(404);
  });

  it('opens a hosted session with the price, the buyer and the return URLs', async () => {
    const u = await createUser(t);
    const id = await startCheckout(t, u, 'premium');
    const res = await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'open',
      mode: 'subscription',
      productName: 'Premium',
      amountTotalCents: 8900,
      interval: 'year',
      customerEmail: u.email,
      cancelUrl: 'http://localhost:5000/subscriptions?canceled=true&type=payment',
      successUrl: null,
    });
    const me = await as(t, u, { method: 'GET', url: '/api/user' });
    expect(me.json().stripeCustomerId).toMatch(/^cus_/);
  });

  it.each(PLAN_SEEDS.map((p) => [p.name, p] as const))(
    'buying %s grants exactly the credits it promises',
    async (_name, seed) => {
      const u = await createUser(t, { credits: 1, igaCredits: 1 });
      const id = await startCheckout(t, u, seed.key);
      const paid = await pay(t, id);
      expect(paid.statusCode, paid.body).toBe(200);
      const type = seed.type === 'one_time' ? 'one-time' : 'payment';
      expect(paid.json().redirectUrl).toBe(`http://localhost:5000/subscriptions?success=true&type=${type}`);
      expect(await balances(t, u.id)).toEqual({
        credits: 1 + seed.maxSpeedVideosPerYear!,
        igaCredits: 1 + seed.igaPerYear!,
        hasActiveSubscription: seed.type === 'subscription',
      });
      expect(await grantsOf(t, u.id)).toHaveLength(1);
    },
  );

  it('a declined card shows the decline and grants nothing; the session stays open for another card', async () => {
    const u = await createUser(t);
    const id = await startCheckout(t, u, 'standard');
    const declined = await pay(t, id, validCard(CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    const noFunds = await pay(t, id, validCard(CARDS.noFunds));
    expect(noFunds.json().message).toBe('Your card has insufficient funds.');
    expect(await balances(t, u.id)).toEqual({ credits: 0, igaCredits: 0, hasActiveSubscription: false });
    expect(await grantsOf(t, u.id)).toHaveLength(0);
    expect((await pay(t, id)).statusCode).toBe(200);
    expect((await balances(t, u.id)).credits).toBe(6);
  });

  it('refuses incomplete card details with Stripe’s messages and a completed session a second time', async () => {
    const u = await createUser(t);
    const id = await startCheckout(t, u, 'speed-single');
    const bad = await pay(t, id, { cardNumber: '4242', expiry: '01/20', cvc: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      cardNumber: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
    expect((await pay(t, id, validCard('4242 4242 4242 4241'))).json().message).toBe(
      'Your card number is incorrect.',
    );
    expect((await pay(t, id)).statusCode).toBe(200);
    const again = await pay(t, id);
    expect(again.statusCode).toBe(409);
    expect((await balances(t, u.id)).credits).toBe(1);
  });

  it('an unknown hosted session answers 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/checkout/test/cs_test_nope' })).statusCode).toBe(
      404,
    );
    expect((await pay(t, 'cs_test_nope')).statusCode).toBe(404);
  });
});

describe('plan changes', () => {
  it('refuses the current plan and lower plans while a subscription is active', async () => {
    const u = await createUser(t);
    await buy(t, u, 'standard');
    const same = await as(t, u, {
      method: 'POST',
      url: '/api/checkout',
      payload: { planId: await planId(t, 'standard') },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('You are already subscribed to this plan.');
    const lower = await as(t, u, {
      method: 'POST',
      url: '/api/checkout',
      payload: { planId: await planId(t, 'basic') },
    });
    expect(lower.statusCode).toBe(409);
    const product = await as(t, u, {
      method: 'POST',
      url: '/api/checkout',
      payload: { planId: await planId(t, 'iga-single') },
    });
    expect(product.statusCode).toBe(200);
  });

  it('an upgrade ends the old subscription and grants the new plan’s credits', async () => {
    const u = await createUser(t);
    await buy(t, u, 'basic');
    await buy(t, u, 'premium');
    expect(await balances(t, u.id)).toEqual({
      credits: 4 + 10,
      igaCredits: 2 + 5,
      hasActiveSubscription: true,
    });
    const subs = (await as(t, u, { method: 'GET', url: '/api/subscriptions' })).json().data;
    expect(subs.map((s: any) => [s.plan.product.name, s.status])).toEqual([
      ['Premium', 'active'],
      ['Basic', 'canceled'],
    ]);
    const me = (await as(t, u, { method: 'GET', url: '/api/user' })).json();
    expect(me.plan).toEqual({ name: 'Premium' });
  });

  it('Renew keeps a subscription that was set to end instead of selling a second one', async () => {
    const u = await createUser(t);
    await buy(t, u, 'economy');
    const [sub] = (await as(t, u, { method: 'GET', url: '/api/subscriptions' })).json().data;
    await as(t, u, { method: 'POST', url: `/api/subscriptions/${sub.id}/cancel` });
    const renew = await as(t, u, {
      method: 'POST',
      url: '/api/checkout',
      payload: { planId: await planId(t, 'economy') },
    });
    expect(renew.json().url).toBe('http://localhost:5000/subscriptions?success=true&type=payment');
    const after = (await as(t, u, { method: 'GET', url: '/api/subscriptions' })).json().data;
    expect(after).toHaveLength(1);
    expect(after[0].cancel_at_period_end).toBe(false);
  });
});
