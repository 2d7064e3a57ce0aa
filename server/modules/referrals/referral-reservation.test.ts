import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals, users } from '../../db/schema';
import {
  as,
  createTestApp,
  createUser,
  lastMailTo,
  login,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { pay, planId, startCheckout } from '../billing/billing-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function invite(senders: TestUser[]) {
  n++;
  const f = {
    firstName: 'Fran',
    lastName: `Race${n}`,
    email: `race${n}@example.com`,
    confirmEmail: `race${n}@example.com`,
  };
  const codes: string[] = [];
  for (const s of senders) {
    const res = await as(t, s, { method: 'POST', url: '/api/referrals/send', payload: f });
    expect(res.statusCode, res.body).toBe(201);
    codes.push(/referralCode=([A-Z0-9]+)/.exec((await lastMailTo(t, f.email))!.text)![1]);
  }
  return { f, codes };
}

async function registerFriend(
  f: { email: string; firstName: string; lastName: string },
  code: string,
): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username: f.email,
      email: f.email,
      password: 'secret123',
      firstName: f.firstName,
      lastName: f.lastName,
      referralCode: code,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.db.update(users).set({ isEmailVerified: true }).where(eq(users.id, res.json().id));
  return {
    id: res.json().id,
    email: f.email,
    password: 'secret123',
    cookie: await login(t, f.email, 'secret123'),
  };
}

const session = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}` })).json();

describe('one discounted purchase per invited friend, whatever the order of checkouts and payments', () => {
  it('five checkouts opened before paying any, one per invitation: only one is paid at a discount', async () => {
    const senders = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t)));
    const { f, codes } = await invite(senders);
    const fr = await registerFriend(f, codes[0]);
    const ids: string[] = [];
    for (const code of codes) ids.push(await startCheckout(t, fr, 'speed-single', code));

    const paid: number[] = [];
    for (const id of ids) {
      const res = await pay(t, id);
      if (res.statusCode === 200) paid.push((await session(id)).amountDiscountCents);
      else expect(res.json().message).toBe('This checkout session has expired.');
    }
    expect(paid.filter((d) => d > 0)).toEqual([300]);
    const again = await startCheckout(t, fr, 'speed-single', codes[4]);
    expect(await session(again)).toMatchObject({ amountDiscountCents: 0, amountTotalCents: 1500 });
  });

  it('a checkout paid while a second one opens leaves the second at full price, before or after the webhook', async () => {
    const [s1, s2] = [await createUser(t), await createUser(t)];
    const { f, codes } = await invite([s1, s2]);
    const fr = await registerFriend(f, codes[0]);
    const first = await startCheckout(t, fr, 'basic', codes[0]);
    // The webhook is lost: the referral still reads pending, the provider knows the session was paid.
    await t.db.update(referrals).set({ status: 'pending' }).where(eq(referrals.referralCode, codes[0]));
    const res = await pay(t, first);
    expect(res.statusCode).toBe(200);
    await t.db.update(referrals).set({ status: 'registered' }).where(eq(referrals.referralCode, codes[0]));
    const second = await startCheckout(t, fr, 'premium', codes[1]);
    expect(await session(second)).toMatchObject({ amountDiscountCents: 0, amountTotalCents: 8900 });
  });

  it('an abandoned discounted checkout does not cost the friend the discount', async () => {
    const { f, codes } = await invite([await createUser(t)]);
    const fr = await registerFriend(f, codes[0]);
    const abandoned = await startCheckout(t, fr, 'premium', codes[0]);
    const chosen = await startCheckout(t, fr, 'basic', codes[0]);
    expect((await pay(t, abandoned)).statusCode).toBe(409);
    expect((await pay(t, chosen)).statusCode).toBe(200);
    expect(await session(chosen)).toMatchObject({ amountDiscountCents: 980, promotionCode: codes[0] });
  });

  it('checkouts opened in parallel end with exactly one discount (a race on PostgreSQL)', async () => {
    const senders = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(t)));
    const { f, codes } = await invite(senders);
    const fr = await registerFriend(f, codes[0]);
    const plan = await planId(t, 'speed-single');
    const opened = await Promise.all(
      codes.map((promoCode) =>
        as(t, fr, { method: 'POST', url: '/api/checkout', payload: { planId: plan, promoCode } }),
      ),
    );
    const ids = opened.map((r) => new URL(r.json().url).pathname.split('/').pop()!);
    const results = await Promise.all(ids.map((id) => pay(t, id)));
    const discounts = await Promise.all(
      ids.map(async (id, i) => (results[i].statusCode === 200 ? (await session(id)).amountDiscountCents : 0)),
    );
    expect(discounts.filter((d) => d > 0)).toEqual([300]);
  });

  it('an existing account that moves its email to an invited address gets no new-friend discount', async () => {
    const sender = await createUser(t);
    const existing = await createUser(t);
    const { f, codes } = await invite([sender]);
    await t.db.update(users).set({ email: f.email, username: f.email }).where(eq(users.id, existing.id));
    for (const promo of [codes[0], null]) {
      const id = await startCheckout(t, existing, 'basic', promo);
      expect(await session(id)).toMatchObject({
        amountDiscountCents: 0,
        amountTotalCents: 4900,
        promotionCode: null,
      });
    }
  });
});
