import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeStates } from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  isRealPostgres,
  type TestApp,
  type TestUser,
  ledgerOf,
} from '../../test/helpers';
import { createPlayer, positionId, requestIga, requestSpeed } from '../analysis/analysis.fixtures';
import { balances, buy, capturingProvider, deliver, startCheckout } from './billing-test-kit';
import {
  stripeChargeRefunded,
  stripeDisputeEvent,
} from '../../lib/payments/test-mode/fixtures/stripe-charge-events';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** The test payment tools, as an admin uses them on a staging site (only an admin may: test-reversal-access). */
const post = (id: string, action: string, payload?: Record<string, unknown>) =>
  as(
    t,
    admin,
    payload === undefined
      ? { method: 'POST', url: `/api/checkout/test/${id}/${action}` }
      : { method: 'POST', url: `/api/checkout/test/${id}/${action}`, payload },
  );
const ledger = (userId: number) => ledgerOf(t, userId);
const kinds = async (userId: number) => (await ledger(userId)).map((r) => [r.type, r.amount, r.igaAmount]);

async function family(o: { igaCredits?: number } = {}) {
  const u = await createUser(t, o);
  const player = await createPlayer(t, u);
  return { u, player, wr: await positionId(t, 'WR') };
}

/** Buys through a provider handle that keeps its events, then delivers the purchase ones. */
async function boughtWithCapture(u: TestUser, key = 'combo-pack') {
  const id = await startCheckout(t, u, key);
  const cap = capturingProvider(t);
  await cap.provider.pay(id, '4242424242424242');
  for (const e of cap.caught.splice(0)) await deliver(t, e.payload);
  return { id, cap };
}

describe('refunds', () => {
  it('a refunded pack takes its credits back even when they were spent; the negative balance blocks every request until a purchase settles it', async () => {
    const { u, player, wr } = await family({ igaCredits: 1 });
    const id = await buy(t, u, 'combo-pack');
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 3 });
    expect((await requestSpeed(t, u, player.id, wr)).statusCode).toBe(201);
    expect((await requestSpeed(t, u, player.id, wr)).statusCode).toBe(201);

    const res = await post(id, 'refund', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amountCents: 5900, amountRefundedCents: 5900, disputeStatus: null });
    expect(await balances(t, u.id)).toMatchObject({ credits: -2, igaCredits: 1 });

    const blocked = await requestIga(t, u, player.id, wr);
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json()).toMatchObject({ code: 'NEGATIVE_BALANCE' });
    expect(blocked.json().message).toContain('Max Speed -2');
    expect(await balances(t, u.id)).toMatchObject({ credits: -2, igaCredits: 1 });

    const again = await post(id, 'refund', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment has already been fully refunded.');

    await buy(t, u, 'combo-pack');
    expect(await balances(t, u.id)).toMatchObject({ credits: 1, igaCredits: 3 });
    expect((await requestSpeed(t, u, player.id, wr)).statusCode).toBe(201);
  });

  it('a partial refund takes back the refunded share, rounded up, and the rest on the second refund', async () => {
    const u = await createUser(t);
    const id = await buy(t, u, 'combo-pack');
    expect((await post(id, 'refund', { amountCents: 2950 })).json()).toMatchObject({
      amountRefundedCents: 2950,
    });
    expect(await balances(t, u.id)).toMatchObject({ credits: 1, igaCredits: 1 });
    const over = await post(id, 'refund', { amountCents: 3000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Refund amount must be at most 2950 cents.');
    await post(id, 'refund', {});
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });
    expect(await kinds(u.id)).toEqual([
      ['purchase', 3, 2],
      ['payment_refund', -2, -1],
      ['payment_refund', -1, -1],
    ]);
  });

  it('a refunded plan payment takes back the plan year’s credits', async () => {
    const u = await createUser(t);
    const id = await buy(t, u, 'economy');
    expect(await balances(t, u.id)).toMatchObject({ credits: 2, igaCredits: 1 });
    expect((await post(id, 'refund')).statusCode).toBe(200);
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });
    expect(await kinds(u.id)).toEqual([
      ['subscription_grant', 2, 1],
      ['payment_refund', -2, -1],
    ]);
  });

  it('answers 400 for a bad amount, 404 for an unknown session and 409 for an unpaid one, changing nothing', async () => {
    const u = await createUser(t);
    const id = await buy(t, u, 'speed-single');
    for (const amountCents of ['abc', 0, -5, 1.5]) {
      const res = await post(id, 'refund', { amountCents });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Refund amount/);
    }
    expect((await post('cs_test_nope', 'refund', {})).statusCode).toBe(404);
    const unpaid = await startCheckout(t, u, 'speed-single');
    expect((await post(unpaid, 'refund', {})).statusCode).toBe(409);
    expect((await post(unpaid, 'dispute')).statusCode).toBe(409);
    expect(await balances(t, u.id)).toMatchObject({ credits: 1 });
  });
});

describe('disputes', () => {
  it('a dispute takes the credits back; won restores them; lost keeps them taken', async () => {
    const u = await createUser(t);
    const first = await buy(t, u, 'combo-pack');
    expect((await post(first, 'dispute')).json()).toMatchObject({ disputeStatus: 'needs_response' });
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });
    expect((await post(first, 'refund', {})).statusCode).toBe(409);
    expect((await post(first, 'dispute')).statusCode).toBe(409);
    expect((await post(first, 'dispute/close', { outcome: 'won' })).json()).toMatchObject({
      disputeStatus: 'won',
    });
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });

    const second = await buy(t, u, 'combo-pack');
    await post(second, 'dispute');
    await post(second, 'dispute/close', { outcome: 'lost' });
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });
    expect((await post(second, 'dispute/close', { outcome: 'won' })).statusCode).toBe(409);
    expect(await kinds(u.id)).toEqual([
      ['purchase', 3, 2],
      ['dispute', -3, -2],
      ['dispute_reversal', 3, 2],
      ['purchase', 3, 2],
      ['dispute', -3, -2],
    ]);
  });

  it('answers 400 for an unknown outcome and 409 without a dispute', async () => {
    const u = await createUser(t);
    const id = await buy(t, u, 'speed-single');
    const bad = await post(id, 'dispute/close', { outcome: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Outcome must be 'won' or 'lost'");
    expect((await post(id, 'dispute/close', { outcome: 'won' })).statusCode).toBe(409);
  });
});

describe('each event once, in any order', () => {
  it('a won dispute delivered before its opening, each twice, ends with the credits restored', async () => {
    const u = await createUser(t);
    const { id, cap } = await boughtWithCapture(u);
    await cap.provider.openDispute(id);
    await cap.provider.closeDispute(id, 'won');
    const events = cap.caught.filter((e) => e.type.startsWith('charge.dispute.'));
    for (const e of [...events].reverse())
      for (const _ of [1, 2]) expect((await deliver(t, e.payload)).statusCode).toBe(200);
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });
    expect(await kinds(u.id)).toEqual([['purchase', 3, 2]]);
  });

  it('a lost dispute and a partial refund in reverse order end with everything taken, once', async () => {
    const u = await createUser(t);
    const { id, cap } = await boughtWithCapture(u);
    await cap.provider.refund(id, 1000);
    await cap.provider.openDispute(id);
    await cap.provider.closeDispute(id, 'lost');
    const relevant = cap.caught.filter(
      (e) => e.type === 'charge.refunded' || e.type.startsWith('charge.dispute.'),
    );
    for (const e of [...relevant].reverse()) await deliver(t, e.payload);
    for (const e of relevant) expect((await deliver(t, e.payload)).json().duplicate).toBe(true);
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });
    const [state] = await t.db.select().from(chargeStates).where(eq(chargeStates.userId, u.id));
    expect(state).toMatchObject({
      disputeStatus: 'lost',
      amountRefunded: 1000,
      creditsTaken: 3,
      igaTaken: 2,
    });
  });

  it.skipIf(!isRealPostgres())(
    'one refund delivered ten times in parallel takes back once (PostgreSQL)',
    async () => {
      const u = await createUser(t);
      const { id, cap } = await boughtWithCapture(u);
      await cap.provider.refund(id);
      const refunded = cap.caught.find((e) => e.type === 'charge.refunded')!;
      const done = await Promise.all(Array.from({ length: 10 }, () => deliver(t, refunded.payload)));
      expect(done.every((r) => r.statusCode === 200)).toBe(true);
      expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });
      expect((await ledger(u.id)).filter((r) => r.type === 'payment_refund')).toHaveLength(1);
    },
  );
});

describe('Stripe event shapes', () => {
  it('a live-mode refund and dispute in Stripe’s shape find the purchase by its payment intent', async () => {
    const u = await createUser(t);
    const session = {
      id: 'cs_live_a1',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      customer: 'cus_live_1',
      client_reference_id: String(u.id),
      metadata: { userId: String(u.id), planId: '7' },
      amount_total: 5900,
      payment_intent: 'pi_live_1',
    };
    const planId = (await t.db.query.plans.findFirst({ where: (p, { eq: e }) => e(p.key, 'combo-pack') }))!
      .id;
    session.metadata.planId = String(planId);
    const completed = {
      id: 'evt_live_c1',
      object: 'event',
      type: 'checkout.session.completed',
      created: 1763880000,
      livemode: true,
      data: { object: session },
    };
    expect((await deliver(t, JSON.stringify(completed))).json().outcome).toBe('credits granted');
    expect(await balances(t, u.id)).toMatchObject({ credits: 3, igaCredits: 2 });

    const base = { chargeId: 'ch_live_1', paymentIntent: 'pi_live_1', livemode: true };
    const refunded = stripeChargeRefunded({
      ...base,
      eventId: 'evt_live_r1',
      customer: 'cus_live_1',
      amount: 5900,
      refunded: 5900,
    });
    expect((await deliver(t, JSON.stringify(refunded))).json()).toMatchObject({
      duplicate: false,
      outcome: 'credits taken back',
    });
    expect(await balances(t, u.id)).toMatchObject({ credits: 0, igaCredits: 0 });

    const u2 = await createUser(t);
    const s2 = {
      ...session,
      id: 'cs_live_a2',
      customer: 'cus_live_2',
      client_reference_id: String(u2.id),
      payment_intent: 'pi_live_2',
      metadata: { userId: String(u2.id), planId: String(planId) },
    };
    await deliver(t, JSON.stringify({ ...completed, id: 'evt_live_c2', data: { object: s2 } }));
    const d = {
      disputeId: 'du_live_1',
      chargeId: 'ch_live_2',
      paymentIntent: 'pi_live_2',
      amount: 5900,
      livemode: true,
    };
    const opened = stripeDisputeEvent({
      ...d,
      eventId: 'evt_live_d1',
      type: 'charge.dispute.created',
      status: 'needs_response',
      created: 1763890000,
    });
    const review = stripeDisputeEvent({
      ...d,
      eventId: 'evt_live_d2',
      type: 'charge.dispute.updated',
      status: 'under_review',
      created: 1763895000,
    });
    const won = stripeDisputeEvent({
      ...d,
      eventId: 'evt_live_d3',
      type: 'charge.dispute.closed',
      status: 'won',
      created: 1763990000,
    });
    for (const e of [won, opened, review]) expect((await deliver(t, JSON.stringify(e))).statusCode).toBe(200);
    expect(await balances(t, u2.id)).toMatchObject({ credits: 3, igaCredits: 2 });
    await deliver(
      t,
      JSON.stringify(
        stripeDisputeEvent({
          ...d,
          disputeId: 'du_live_1',
          eventId: 'evt_live_d4',
          type: 'charge.dispute.closed',
          status: 'lost',
          created: 1763990001,
        }),
      ),
    );
    expect(await balances(t, u2.id)).toMatchObject({ credits: 0, igaCredits: 0 });
  });

  it('a refund for a payment we never granted is recorded for the admins and changes no balance', async () => {
    const e = stripeChargeRefunded({
      eventId: 'evt_unknown_r',
      chargeId: 'ch_unknown',
      paymentIntent: 'pi_unknown',
      customer: 'cus_unknown',
      amount: 1500,
      refunded: 1500,
      livemode: false,
    });
    expect((await deliver(t, JSON.stringify(e))).json()).toMatchObject({
      outcome: 'recorded: no matching purchase',
    });
    const [row] = await t.db.select().from(chargeStates).where(eq(chargeStates.chargeId, 'ch_unknown'));
    expect(row).toMatchObject({ userId: null, grantId: null, amountRefunded: 1500 });
  });
});
