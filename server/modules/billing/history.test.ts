import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactions, users } from '../../db/schema';
import { as, createTestApp, createUser, type TestApp, ledgerAmounts, setBalances } from '../../test/helpers';
import { buy, planId } from './billing-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@example.org' });
});
afterAll(() => t.close());

const get = (u: Awaited<ReturnType<typeof createUser>> | null, url: string) =>
  as(t, u, { method: 'GET', url });

async function ledgerRows(userId: number, n: number) {
  await t.db.insert(creditTransactions).values(
    Array.from({ length: n }, (_, i) => ({
      userId,
      amounts: ledgerAmounts({ amount: -1, igaAmount: 0 }),
      type: 'spend',
      description: `Max speed analysis request ${i + 1}`,
    })),
  );
}

describe('billing history', () => {
  it('lists every purchase, refund and spend newest first, with dates, credits and amounts', async () => {
    const u = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const id = await buy(t, u, 'combo-pack');
    await as(t, admin, {
      method: 'POST',
      url: `/api/checkout/test/${id}/refund`,
      payload: { amountCents: 2950 },
    });
    await buy(t, u, 'economy');
    const res = await get(u, '/api/billing/history');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    const items = res.json();
    expect(items.map((i: any) => [i.label, i.credits, i.igaCredits, i.amountCents])).toEqual([
      ['Plan payment', 2, 1, 2900],
      ['Payment refunded', -2, -1, -2950],
      ['Purchase', 3, 2, 5900],
    ]);
    // The test refund tools are an admin's (decision 206): a family's rows do not link to them.
    expect(items[2]).toMatchObject({ description: 'Purchase: Combo Pack', testCheckoutUrl: null });
    expect(new Date(items[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("links an admin's own test purchase to its refund and dispute tools", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const id = await buy(t, admin, 'speed-single');
    const [row] = (await get(admin, '/api/billing/history')).json();
    expect(row).toMatchObject({ label: 'Purchase', testCheckoutUrl: `/checkout/test/${id}` });
  });

  it('pages with a cursor: no row twice, none skipped; payments-only filter', async () => {
    const u = await createUser(t);
    await ledgerRows(u.id, 7);
    await buy(t, u, 'speed-single');
    const seen: number[] = [];
    let url = '/api/billing/history?limit=3';
    for (let i = 0; i < 5 && url; i++) {
      const res = await get(u, url);
      expect(res.statusCode).toBe(200);
      expect(res.json().length).toBeLessThanOrEqual(3);
      seen.push(...res.json().map((r: any) => r.id));
      const next = res.headers['x-next-cursor'];
      url = next ? `/api/billing/history?limit=3&cursor=${String(next)}` : '';
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const payments = (await get(u, '/api/billing/history?kind=payments')).json();
    expect(payments.map((p: any) => p.type)).toEqual(['purchase']);
  });

  it('refuses a limit over 100, a limit of 0, a bad cursor and an unknown kind with 400', async () => {
    const u = await createUser(t);
    for (const q of [
      'limit=101',
      'limit=0',
      'limit=abc',
      'cursor=%%%',
      'cursor=bm90LWpzb24',
      'kind=refunds',
    ]) {
      const res = await get(u, `/api/billing/history?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(/Limit|Cursor|Kind/);
    }
  });

  it('is the caller’s own: another family sees none of it; signed out is 401', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await buy(t, owner, 'speed-single');
    expect((await get(other, '/api/billing/history')).json()).toEqual([]);
    expect((await get(other, '/api/billing/history.csv')).body.trim().split('\r\n')).toHaveLength(1);
    expect((await get(null, '/api/billing/history')).statusCode).toBe(401);
    expect((await get(null, '/api/billing/history.csv')).statusCode).toBe(401);
    expect((await get(null, '/api/billing/account')).statusCode).toBe(401);
  });

  it('downloads as CSV with every row, quoted safely', async () => {
    const u = await createUser(t);
    await buy(t, u, 'combo-pack');
    await t.db.insert(creditTransactions).values({
      userId: u.id,
      amounts: ledgerAmounts({ amount: 1, igaAmount: 0 }),
      type: 'admin_adjust',
      description: '=HYPERLINK("x"), goodwill',
    });
    const res = await get(u, '/api/billing/history.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="billing-history.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Type,Description,Max Speed credits,IGA credits,Amount (USD)');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,Adjustment,"'=HYPERLINK\(""x""\), goodwill",1,0,$/);
    expect(lines[2]).toMatch(/,Purchase,Purchase: Combo Pack,3,2,59\.00$/);
  });
});

describe('payment details account', () => {
  it('shows no subscription for a pack buyer, the support contact, and no portal in test mode', async () => {
    const u = await createUser(t);
    await buy(t, u, 'iga-single');
    const res = await get(u, '/api/billing/account');
    expect(res.json()).toEqual({
      credits: 0,
      igaCredits: 1,
      negativeBalance: false,
      hasSubscription: false,
      supportEmail: 'help@example.org',
      portalAvailable: false,
      provider: 'test-mode',
    });
    expect((await get(u, '/api/subscriptions')).json().data).toEqual([]);
    const portal = await as(t, u, { method: 'POST', url: '/api/billing/portal' });
    expect(portal.statusCode).toBe(409);
    expect(portal.json().message).toBe(
      'The Stripe customer portal is available only when Stripe keys are configured.',
    );
  });

  it('flags a negative balance', async () => {
    const u = await createUser(t);
    await setBalances(t, u.id, { credits: -2 });
    expect((await get(u, '/api/billing/account')).json()).toMatchObject({
      credits: -2,
      negativeBalance: true,
    });
  });
});

describe('plan change preview', () => {
  it('says what an upgrade charges and credits, and that the old plan ends now with its credits kept', async () => {
    const u = await createUser(t);
    await buy(t, u, 'economy');
    const res = await get(u, `/api/checkout/preview?planId=${await planId(t, 'standard')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      planName: 'Standard',
      chargeCents: 6900,
      credits: 6,
      igaCredits: 3,
      replaces: { planName: 'Economy', creditsKept: true },
    });
    expect(res.json().summary).toContain('You will be charged $69.00 now for Standard');
    expect(res.json().summary).toContain('Your Economy plan ends as soon as the payment succeeds');
  });

  it('records the upgrade: the old plan ends now and says so, not a year ahead', async () => {
    const u = await createUser(t);
    await buy(t, u, 'economy');
    await buy(t, u, 'basic');
    const subs = (await get(u, '/api/subscriptions')).json().data;
    const old = subs.find((s: any) => s.plan.product.name === 'Economy');
    expect(old.status).toBe('canceled');
    expect(old.ended_at).toBeGreaterThan(Date.now() / 1000 - 120);
    expect(old.ended_at).toBeLessThanOrEqual(Date.now() / 1000 + 1);
    expect(subs.find((s: any) => s.plan.product.name === 'Basic')).toMatchObject({
      status: 'active',
      ended_at: null,
    });
  });

  it('a first pack: the price and the credits, nothing replaced; 400, 404 and 409 for bad choices', async () => {
    const u = await createUser(t);
    const pack = (await get(u, `/api/checkout/preview?planId=${await planId(t, 'combo-pack')}`)).json();
    expect(pack).toMatchObject({ chargeCents: 5900, credits: 3, igaCredits: 2, replaces: null });
    expect((await get(u, '/api/checkout/preview?planId=abc')).statusCode).toBe(400);
    expect((await get(u, '/api/checkout/preview')).statusCode).toBe(400);
    expect((await get(u, '/api/checkout/preview?planId=99999')).statusCode).toBe(404);
    expect((await get(null, `/api/checkout/preview?planId=1`)).statusCode).toBe(401);
    await buy(t, u, 'premium');
    expect((await get(u, `/api/checkout/preview?planId=${await planId(t, 'premium')}`)).statusCode).toBe(409);
  });
});

describe('Stripe customer portal', () => {
  it('is offered with Stripe keys to a Stripe customer, and opens a session for that customer only', async () => {
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push(raw);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'bps_1',
            object: 'billing_portal.session',
            url: 'https://billing.stripe.com/p/session/x',
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const { createStripeProvider } = await import('../../lib/payments/stripe-provider');
    const { billingAccount, portalSession } = await import('./account.service');
    const payments = createStripeProvider('sk_test_123', { host: '127.0.0.1', port, protocol: 'http' });
    const deps = { db: t.db, payments, appUrl: 'http://localhost:5000', supportEmail: 'help@example.org' };
    const u = await createUser(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect((await billingAccount(deps, row)).portalAvailable).toBe(false);
    await expect(portalSession(deps, row)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [customer] = await t.db
      .update(users)
      .set({ providerCustomerId: 'cus_portal_1' })
      .where(eq(users.id, u.id))
      .returning();
    expect(await billingAccount(deps, customer)).toMatchObject({ portalAvailable: true, provider: 'stripe' });
    expect(await portalSession(deps, customer)).toEqual({ url: 'https://billing.stripe.com/p/session/x' });
    expect(new URLSearchParams(seen.at(-1)).get('customer')).toBe('cus_portal_1');
    expect(new URLSearchParams(seen.at(-1)).get('return_url')).toBe('http://localhost:5000/profile');
    await new Promise<void>((r) => server.close(() => r()));
  });
});
