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
import { balances, pay, startCheckout } from '../billing/billing-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const friend = () => {
  n++;
  return {
    firstName: 'Fran',
    lastName: `Friend${n}`,
    email: `friend${n}@example.com`,
    confirmEmail: `friend${n}@example.com`,
  };
};

async function send(sender: TestUser, body: Record<string, unknown>) {
  return as(t, sender, { method: 'POST', url: '/api/referrals/send', payload: body });
}

/** Sends a referral and returns the code from the emailed link. */
async function refer(sender: TestUser, f = friend()) {
  const res = await send(sender, { ...f, message: 'Come get verified!' });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await lastMailTo(t, f.email);
  const link = /http:\/\/localhost:5000\/auth-page\?referralCode=([A-Z0-9]+)&mode=register/.exec(mail!.text);
  expect(link).not.toBeNull();
  return { code: link![1], friend: f, mail: mail! };
}

/** Registers the friend through the API, verifies them directly, and logs in. */
async function register(f: { email: string; firstName: string; lastName: string }, referralCode: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username: f.email,
      email: f.email,
      password: 'secret123',
      firstName: f.firstName,
      lastName: f.lastName,
      referralCode,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.db.update(users).set({ isEmailVerified: true }).where(eq(users.id, res.json().id));
  return {
    id: res.json().id as number,
    email: f.email,
    password: 'secret123',
    cookie: await login(t, f.email, 'secret123'),
  };
}

describe('sending a referral', () => {
  it('needs a signed-in user', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/referrals/send', payload: friend() })).statusCode,
    ).toBe(401);
  });

  it('answers the form’s messages with 400, including error, and sends nothing', async () => {
    const u = await createUser(t);
    const res = await send(u, {
      firstName: '',
      lastName: '',
      email: 'nope',
      confirmEmail: 'other@example.com',
      message: 'x'.repeat(4001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      message: 'Message must be at most 4000 characters',
    });
    expect(res.json().error).toBe(res.json().message);
    const mismatch = await send(u, { ...friend(), confirmEmail: 'someone.else@example.com' });
    expect(mismatch.json().errors).toEqual({ confirmEmail: 'Emails do not match' });
  });

  it('refuses the sender’s own address', async () => {
    const u = await createUser(t);
    const self = await send(u, { ...friend(), email: u.email, confirmEmail: u.email });
    expect(self.statusCode).toBe(400);
  });

  it('answers an address that has an account like any other, and tells its holder instead (decision 205)', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const fresh = await send(u, friend());
    const existing = await send(u, { ...friend(), email: other.email, confirmEmail: other.email });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.json()).toEqual(fresh.json());
    const mail = await lastMailTo(t, other.email);
    expect(mail?.text).toContain('You already have an account with this address');
    expect(mail?.text).not.toMatch(/referral code/i);
    const rows = await t.db.select().from(referrals).where(eq(referrals.receiverEmail, other.email));
    expect(rows).toEqual([]);
  });

  it('emails the friend a registration link with an unguessable code, stored as pending with a coupon', async () => {
    const u = await createUser(t);
    const { code, mail, friend: f } = await refer(u);
    expect(code).toMatch(/^VA[A-Z2-9]{14}$/);
    expect(mail.subject).toContain('invited you');
    expect(mail.text).toContain('20% off your first purchase');
    expect(mail.text).toContain('Come get verified!');
    const [row] = await t.db.select().from(referrals).where(eq(referrals.referralCode, code));
    expect(row).toMatchObject({
      senderId: u.id,
      receiverEmail: f.email,
      status: 'pending',
      providerCouponId: expect.any(String),
      providerPromoCodeId: expect.stringMatching(/^promo_/),
    });
    const second = await refer(u);
    expect(second.code).not.toBe(code);
  });

  it('is rate-limited per sender', async () => {
    const limited = await createTestApp({ DISABLE_RATE_LIMIT: 'false' });
    try {
      const u = await createUser(limited);
      const codes = [];
      for (let i = 0; i < 11; i++) {
        codes.push(
          (await as(limited, u, { method: 'POST', url: '/api/referrals/send', payload: friend() }))
            .statusCode,
        );
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('looking up and completing a referral', () => {
  it('answers both spellings for a pending code and 404 with error for an unknown one', async () => {
    const u = await createUser(t);
    const { code, friend: f } = await refer(u);
    const res = await t.app.inject({ method: 'GET', url: `/api/referrals/${code}` });
    expect(res.json()).toEqual({
      referral_code: code,
      receiver_email: f.email,
      receiver_first_name: 'Fran',
      receiver_last_name: f.lastName,
      referralCode: code,
      receiverEmail: f.email,
      receiverFirstName: 'Fran',
      receiverLastName: f.lastName,
    });
    const bad = await t.app.inject({ method: 'GET', url: '/api/referrals/VANOTACODE' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({
      message: 'Invalid or expired referral code',
      error: 'Invalid or expired referral code',
    });
  });

  it('completes only for the account just registered with the invited email', async () => {
    const u = await createUser(t);
    const { code, friend: f } = await refer(u);
    const stranger = await createUser(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${code}/complete`,
      payload: { userId: stranger.id },
    });
    expect(wrong.statusCode).toBe(404);
    const fr = await register(f, code);
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(users.id, fr.id));
    const old = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${code}/complete`,
      payload: { userId: fr.id },
    });
    expect(old.statusCode).toBe(404);
    await t.db.update(users).set({ createdAt: new Date() }).where(eq(users.id, fr.id));
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${code}/complete`,
      payload: { userId: fr.id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ referralCode: code, stripeCouponId: expect.any(String) });
    const [row] = await t.db.select().from(referrals).where(eq(referrals.referralCode, code));
    expect(row).toMatchObject({ status: 'registered', receiverId: fr.id });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/referrals/${code}/complete`,
          payload: { userId: fr.id },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/referrals/${code}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/referrals/${code}/complete`, payload: {} }))
        .statusCode,
    ).toBe(400);
  });

  it('an expired referral answers 404', async () => {
    const u = await createUser(t);
    const { code } = await refer(u);
    await t.db
      .update(referrals)
      .set({ createdAt: new Date(Date.now() - 91 * 24 * 3600_000) })
      .where(eq(referrals.referralCode, code));
    expect((await t.app.inject({ method: 'GET', url: `/api/referrals/${code}` })).statusCode).toBe(404);
    const [row] = await t.db.select().from(referrals).where(eq(referrals.referralCode, code));
    expect(row.status).toBe('expired');
  });
});

describe('the friend’s discounted first purchase', () => {
  it('takes 20% off the first checkout, marks the referral used, and never again', async () => {
    const u = await createUser(t);
    const { code, friend: f } = await refer(u);
    const fr = await register(f, code);
    await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${code}/complete`,
      payload: { userId: fr.id },
    });

    const id = await startCheckout(t, fr, 'premium', code);
    const session = (await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}` })).json();
    expect(session).toMatchObject({
      amountSubtotalCents: 8900,
      amountDiscountCents: 1780,
      amountTotalCents: 7120,
      promotionCode: code,
    });
    expect((await pay(t, id)).statusCode).toBe(200);
    expect(await balances(t, fr.id)).toMatchObject({ credits: 10, igaCredits: 5 });
    const [row] = await t.db.select().from(referrals).where(eq(referrals.referralCode, code));
    expect(row.status).toBe('used');

    const next = await startCheckout(t, fr, 'speed-single', code);
    const full = (await t.app.inject({ method: 'GET', url: `/api/checkout/test/${next}` })).json();
    expect(full).toMatchObject({ amountDiscountCents: 0, amountTotalCents: 1500, promotionCode: null });
  });

  it('the invited friend gets the discount even when the browser lost the stored code', async () => {
    const u = await createUser(t);
    const { code, friend: f } = await refer(u);
    const fr = await register(f, code);
    const id = await startCheckout(t, fr, 'basic', null);
    const session = (await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}` })).json();
    expect(session).toMatchObject({ amountDiscountCents: 980, amountTotalCents: 3920, promotionCode: code });
  });

  it('a friend invited several times still gets one discounted purchase, not one per invitation', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const f = friend();
    const first = await refer(u, f);
    const second = await refer(u, f);
    const third = await refer(other, f);
    const fr = await register(f, first.code);
    await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${first.code}/complete`,
      payload: { userId: fr.id },
    });
    const id = await startCheckout(t, fr, 'basic', first.code);
    expect((await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}` })).json()).toMatchObject({
      amountDiscountCents: 980,
    });
    expect((await pay(t, id)).statusCode).toBe(200);

    for (const promo of [second.code, third.code, null]) {
      const next = await startCheckout(t, fr, 'speed-single', promo);
      const session = (await t.app.inject({ method: 'GET', url: `/api/checkout/test/${next}` })).json();
      expect(session).toMatchObject({ amountDiscountCents: 0, amountTotalCents: 1500, promotionCode: null });
    }
  });

  it('a sender who moves their own account to the invited address gets no discount from their own referral', async () => {
    const u = await createUser(t);
    const { code, friend: f } = await refer(u);
    const moved = await as(t, u, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: {
        firstName: 'Test',
        lastName: 'Sender',
        username: f.email,
        email: f.email,
        currentPassword: u.password,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const confirm = /token=([^&\s]+)&email=([^\s]+)/.exec((await lastMailTo(t, f.email))!.text)!;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: decodeURIComponent(confirm[1]), email: decodeURIComponent(confirm[2]) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    for (const promo of [code, null]) {
      const id = await startCheckout(t, u, 'basic', promo);
      const session = (await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}` })).json();
      expect(session).toMatchObject({ amountDiscountCents: 0, amountTotalCents: 4900, promotionCode: null });
    }
  });

  it('someone else’s code gives no discount and does not block the purchase', async () => {
    const u = await createUser(t);
    const { code } = await refer(u);
    const other = await createUser(t);
    const id = await startCheckout(t, other, 'basic', code);
    const session = (await t.app.inject({ method: 'GET', url: `/api/checkout/test/${id}` })).json();
    expect(session).toMatchObject({ amountDiscountCents: 0, amountTotalCents: 4900 });
    const [row] = await t.db.select().from(referrals).where(eq(referrals.referralCode, code));
    expect(row.status).toBe('pending');
  });
});
