import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp } from '../../test/helpers';
import { balances, buy, provider } from './billing-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (u: any) => as(t, u, { method: 'GET', url: '/api/subscriptions' });

describe('subscriptions', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/subscriptions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/subscriptions/sub_x/cancel' })).statusCode).toBe(
      401,
    );
  });

  it('lists only the owner’s subscriptions, in the provider’s shape, with a note', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await buy(t, a, 'premium');
    const res = await list(a);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.note).toBe('Test mode: subscriptions are simulated and no real charges are made.');
    expect(body.data).toEqual([
      {
        id: expect.stringMatching(/^sub_/),
        status: 'active',
        cancel_at_period_end: false,
        current_period_end: expect.any(Number),
        ended_at: null,
        plan: { id: 'price_va_premium', amount: 8900, interval: 'year', product: { name: 'Premium' } },
      },
    ]);
    const yearOut = Date.now() / 1000 + 364 * 24 * 3600;
    expect(body.data[0].current_period_end).toBeGreaterThan(yearOut);
    expect((await list(b)).json().data).toEqual([]);
  });

  it('cancels at period end and reactivates; the user keeps access until then', async () => {
    const u = await createUser(t);
    await buy(t, u, 'standard');
    const [sub] = (await list(u)).json().data;
    const cancel = await as(t, u, { method: 'POST', url: `/api/subscriptions/${sub.id}/cancel` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscription).toMatchObject({
      id: sub.id,
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(await balances(t, u.id)).toMatchObject({ hasActiveSubscription: true });
    const again = await as(t, u, { method: 'POST', url: `/api/subscriptions/${sub.id}/cancel` });
    expect(again.json().subscription.cancel_at_period_end).toBe(true);

    const re = await as(t, u, { method: 'POST', url: `/api/subscriptions/${sub.id}/reactivate` });
    expect(re.statusCode).toBe(200);
    expect(re.json()).toMatchObject({
      message: 'Your subscription has been reactivated.',
      subscription: { cancel_at_period_end: false },
    });
    expect((await list(u)).json().data[0].cancel_at_period_end).toBe(false);
  });

  it('refuses another user’s subscription with 404 and changes nothing', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await buy(t, owner, 'basic');
    const [sub] = (await list(owner)).json().data;
    for (const action of ['cancel', 'reactivate']) {
      const res = await as(t, other, { method: 'POST', url: `/api/subscriptions/${sub.id}/${action}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Subscription not found');
    }
    expect((await list(owner)).json().data[0].cancel_at_period_end).toBe(false);
    expect(
      (await as(t, other, { method: 'POST', url: '/api/subscriptions/sub_unknown/cancel' })).statusCode,
    ).toBe(404);
  });

  it('refuses to cancel or reactivate a subscription that has ended', async () => {
    const u = await createUser(t);
    await buy(t, u, 'economy');
    const [sub] = (await list(u)).json().data;
    await as(t, u, { method: 'POST', url: `/api/subscriptions/${sub.id}/cancel` });
    await provider(t).advanceToPeriodEnd(sub.id);
    for (const action of ['cancel', 'reactivate']) {
      const res = await as(t, u, { method: 'POST', url: `/api/subscriptions/${sub.id}/${action}` });
      expect(res.statusCode).toBe(409);
    }
  });
});

describe('webhook diagnostics', () => {
  it('the status and self-test are for admins only', async () => {
    const user = await createUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/webhook/stripe/debug' })).statusCode).toBe(401);
    expect((await as(t, user, { method: 'GET', url: '/api/webhook/stripe/debug' })).statusCode).toBe(403);
    expect((await as(t, user, { method: 'POST', url: '/api/webhook/test/stripe' })).statusCode).toBe(403);
    expect(
      (await as(t, user, { method: 'POST', url: '/api/webhook/test-body', payload: { a: 1 } })).statusCode,
    ).toBe(403);
  });

  it('shows which settings are present, never their values', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await as(t, admin, { method: 'GET', url: '/api/webhook/stripe/debug' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.config).toMatchObject({ mode: 'TEST', provider: 'test-mode', hasWebhookSecret: true });
    expect(body.environment.env).toMatchObject({ STRIPE_SECRET_KEY: false, STRIPE_WEBHOOK_SECRET: true });
    expect(res.body).not.toContain(t.env.STRIPE_WEBHOOK_SECRET);
    expect(body.endpoints[0].url).toBe('http://localhost:5000/api/webhook/webhooks/stripe');
  });

  it('the self-test sends signed events through the real handler and reports each check', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await as(t, admin, { method: 'POST', url: '/api/webhook/test/stripe' });
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(true);
    expect(res.json().results.map((r: any) => [r.name, r.status])).toEqual([
      ['A signed test event is accepted', 200],
      ['The same event again changes nothing', 200],
      ['A wrong signature is refused', 400],
      ['A stale timestamp is refused', 400],
    ]);
  });

  it('test-body echoes the raw body exactly as the webhook receives it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const payload = '{ "spaced" :  true }';
    const res = await as(t, admin, {
      method: 'POST',
      url: '/api/webhook/test-body',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json()).toMatchObject({
      bytes: payload.length,
      rawBodyPreserved: true,
      json: { spaced: true },
      contentType: 'application/json',
    });
  });
});
