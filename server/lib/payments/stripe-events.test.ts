import { describe, expect, it } from 'vitest';
import { fromStripeEvent, STRIPE_HANDLED_EVENTS } from './stripe-events';

const envelope = (type: string, object: Record<string, unknown>) => ({
  id: `evt_${type}`,
  object: 'event',
  type,
  created: 1_700_000_000,
  livemode: true,
  data: { object },
});
const read = (type: string, object: Record<string, unknown>) => fromStripeEvent(envelope(type, object));

const session = {
  id: 'cs_1',
  object: 'checkout.session',
  mode: 'payment',
  payment_status: 'paid',
  customer: 'cus_1',
  client_reference_id: '7',
  metadata: { userId: '7', planId: '3' },
  payment_intent: 'pi_1',
  subscription: null,
  amount_total: 5900,
};
const charge = {
  id: 'ch_1',
  object: 'charge',
  amount: 5900,
  amount_refunded: 2950,
  currency: 'usd',
  customer: { id: 'cus_1' },
  invoice: 'in_old',
  metadata: { userId: '7' },
  payment_intent: 'pi_1',
};
const refund = {
  id: 're_1',
  object: 'refund',
  amount: 2950,
  charge: 'ch_1',
  payment_intent: 'pi_1',
  currency: 'usd',
  status: 'failed',
  metadata: {},
};
const dispute = {
  id: 'du_1',
  object: 'dispute',
  amount: 5900,
  charge: { id: 'ch_1' },
  payment_intent: 'pi_1',
  currency: 'usd',
  reason: 'fraudulent',
  status: 'needs_response',
  metadata: {},
};
const subscription = {
  id: 'sub_1',
  object: 'subscription',
  status: 'active',
  customer: 'cus_1',
  cancel_at_period_end: false,
  metadata: { userId: '7', planId: '3' },
  livemode: true,
  items: { data: [{ price: { id: 'price_1' }, current_period_start: 1000, current_period_end: 2000 }] },
};

describe('a verified Stripe event in the app’s vocabulary', () => {
  it('keeps the envelope: id, the provider’s type, time, mode and the payload as received', () => {
    const raw = envelope('charge.refunded', charge);
    expect(fromStripeEvent(raw)).toMatchObject({
      id: 'evt_charge.refunded',
      providerType: 'charge.refunded',
      created: 1_700_000_000,
      livemode: true,
      payload: raw,
    });
  });

  it.each(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])(
    '%s is a completed checkout with its payment state, ids and total in cents',
    (type) => {
      expect(read(type, session)).toMatchObject({
        type: 'checkout.completed',
        sessionId: 'cs_1',
        mode: 'payment',
        payment: 'paid',
        customerId: 'cus_1',
        clientReferenceId: '7',
        metadata: { userId: '7', planId: '3' },
        paymentIntentId: 'pi_1',
        subscriptionId: null,
        amountTotalCents: 5900,
      });
    },
  );

  it('reads a free checkout, one awaiting payment, and a subscription checkout', () => {
    expect(
      read('checkout.session.completed', { ...session, payment_status: 'no_payment_required' }),
    ).toMatchObject({ payment: 'free' });
    expect(read('checkout.session.completed', { ...session, payment_status: 'unpaid' })).toMatchObject({
      payment: 'pending',
    });
    expect(
      read('checkout.session.completed', { ...session, mode: 'subscription', subscription: { id: 'sub_1' } }),
    ).toMatchObject({ mode: 'subscription', subscriptionId: 'sub_1' });
  });

  it('invoice.paid (API 2025-03 shape) is a paid invoice: subscription, metadata, price, renewal, amount', () => {
    const e = read('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_1',
      billing_reason: 'subscription_cycle',
      amount_paid: 8900,
      parent: { subscription_details: { subscription: 'sub_1', metadata: { userId: '7', planId: '4' } } },
      lines: { data: [{ pricing: { price_details: { price: 'price_1' } } }] },
      payments: { data: [{ payment: { payment_intent: 'pi_9' } }] },
    });
    expect(e).toMatchObject({
      type: 'invoice.paid',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      metadata: { userId: '7', planId: '4' },
      priceId: 'price_1',
      billingReason: 'subscription_cycle',
      renewal: true,
      paymentIntentId: 'pi_9',
      chargeId: null,
      amountPaidCents: 8900,
    });
  });

  it('invoice.paid (before 2025-03) names its subscription, intent and charge on the invoice', () => {
    const e = read('invoice.paid', {
      id: 'in_2',
      object: 'invoice',
      subscription: 'sub_old',
      payment_intent: 'pi_old',
      charge: 'ch_old',
      billing_reason: 'subscription_create',
    });
    expect(e).toMatchObject({
      subscriptionId: 'sub_old',
      paymentIntentId: 'pi_old',
      chargeId: 'ch_old',
      renewal: false,
      amountPaidCents: null,
    });
  });

  it('invoice_payment.paid links an invoice to the payment that paid it', () => {
    const e = read('invoice_payment.paid', {
      id: 'inpay_1',
      object: 'invoice_payment',
      invoice: 'in_1',
      payment: { type: 'payment_intent', payment_intent: 'pi_1' },
    });
    expect(e).toMatchObject({
      type: 'invoice.payment_linked',
      invoiceId: 'in_1',
      paymentIntentId: 'pi_1',
      chargeId: null,
    });
  });

  it.each([
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
  ])('%s is a changed subscription, read in either API shape', (type) => {
    expect(read(type, subscription)).toMatchObject({
      type: 'subscription.changed',
      subscription: {
        id: 'sub_1',
        customerId: 'cus_1',
        status: 'active',
        priceId: 'price_1',
        currentPeriodEnd: new Date(2000_000),
        livemode: true,
      },
    });
  });

  it('charge.refunded is a refunded payment with the cumulative amount refunded, in cents', () => {
    expect(read('charge.refunded', charge)).toMatchObject({
      type: 'payment.refunded',
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      customerId: 'cus_1',
      invoiceId: 'in_old',
      metadata: { userId: '7' },
      amountCents: 5900,
      refundedCents: 2950,
      currency: 'usd',
    });
  });

  it.each(['charge.refund.updated', 'refund.created', 'refund.updated', 'refund.failed'])(
    '%s is one refund and its state',
    (type) => {
      expect(read(type, refund)).toMatchObject({
        type: 'refund.changed',
        refundId: 're_1',
        chargeId: 'ch_1',
        paymentIntentId: 'pi_1',
        amountCents: 2950,
        status: 'failed',
        currency: 'usd',
      });
    },
  );

  it.each(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed'])(
    '%s is a chargeback and its state',
    (type) => {
      expect(read(type, dispute)).toMatchObject({
        type: 'dispute.changed',
        disputeId: 'du_1',
        chargeId: 'ch_1',
        paymentIntentId: 'pi_1',
        amountCents: 5900,
        status: 'needs_response',
        reason: 'fraudulent',
        currency: 'usd',
      });
    },
  );

  it('a refund or dispute without a charge keeps a null charge for the module to ignore', () => {
    expect(read('refund.created', { ...refund, charge: null })).toMatchObject({ chargeId: null });
    expect(read('charge.dispute.created', { ...dispute, charge: null })).toMatchObject({ chargeId: null });
  });

  it('every type it handles is one the tests above map', () => {
    expect(STRIPE_HANDLED_EVENTS).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'invoice.paid',
      'invoice_payment.paid',
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'charge.refunded',
      'charge.refund.updated',
      'refund.created',
      'refund.updated',
      'refund.failed',
      'charge.dispute.created',
      'charge.dispute.updated',
      'charge.dispute.closed',
    ]);
  });

  it('an unknown type is ignored, with its envelope kept for the record', () => {
    for (const type of [
      'charge.succeeded',
      'invoice.payment_succeeded',
      'payment_intent.succeeded',
      'webhook.test',
    ])
      expect(read(type, { id: 'x' })).toMatchObject({
        type: 'ignored',
        providerType: type,
        id: `evt_${type}`,
      });
  });

  it('a body that is not an event is null (the webhook answers 400)', () => {
    expect(fromStripeEvent({ hello: 'world' })).toBeNull();
    expect(fromStripeEvent(null)).toBeNull();
    expect(fromStripeEvent({ ...envelope('invoice.paid', {}), data: { object: 'in_1' } })).toBeNull();
  });
});
