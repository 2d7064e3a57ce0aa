import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chargeStates, creditTransactions, stripeEvents } from '../../db/schema';
import type Stripe from 'stripe';
import { idOf } from '../../lib/payments/normalize';
import type { WebhookInvoice } from '../../lib/payments/stripe-objects';

type Grant = typeof creditTransactions.$inferSelect;

/** How a charge can name what it paid for: its payment intent, its own id, or (API versions before 2025-03) its invoice. */
interface ChargeKeys {
  paymentIntentId: string | null;
  chargeId: string | null;
  invoiceId: string | null;
}

/**
 * The purchase or plan invoice a charge paid for (decisions 061, 122). A grant keeps the intent in a
 * column (test keys) or its metadata, the charge in its metadata when the invoice named one, and a
 * plan invoice's grant is keyed `invoice:<id>`.
 */
export async function findGrant(tx: Tx, userId: number | null, k: ChargeKeys): Promise<Grant | null> {
  const links: SQL[] = [];
  if (k.paymentIntentId) {
    links.push(
      eq(creditTransactions.stripePaymentIntentId, k.paymentIntentId),
      sql`${creditTransactions.metadata}->>'paymentIntent' = ${k.paymentIntentId}`,
    );
  }
  if (k.chargeId) links.push(sql`${creditTransactions.metadata}->>'chargeId' = ${k.chargeId}`);
  if (k.invoiceId) links.push(eq(creditTransactions.idempotencyKey, `invoice:${k.invoiceId}`));
  if (links.length === 0) return null;
  const [g] = await tx
    .select()
    .from(creditTransactions)
    .where(
      and(
        inArray(creditTransactions.type, ['purchase', 'subscription_grant']),
        or(...links),
        userId ? eq(creditTransactions.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(creditTransactions.id))
    .limit(1);
  return g ?? null;
}

/** The charge an invoice was paid by, when the payload names it: `charge` before 2025-03, or an included `payments` list. */
export function invoiceChargeId(inv: WebhookInvoice): string | null {
  return idOf(inv.charge) ?? idOf(inv.payments?.data?.[0]?.payment?.charge);
}

/** What an `invoice_payment.paid` event links: the invoice and the payment intent or charge that paid it. */
export function invoicePaymentLink(ip: Partial<Stripe.InvoicePayment> | null | undefined) {
  return {
    invoiceId: idOf(ip?.invoice),
    paymentIntentId: idOf(ip?.payment?.payment_intent),
    chargeId: idOf(ip?.payment?.charge),
  };
}

/**
 * From 2025-03 an invoice.paid payload names no payment: the `invoice_payment.paid` event does. Either
 * may arrive first, so the invoice's grant looks for an earlier one among the recorded events.
 */
export async function recordedInvoicePayment(tx: Tx, invoiceId: string) {
  const [row] = await tx
    .select({ payload: stripeEvents.payload })
    .from(stripeEvents)
    .where(
      and(
        eq(stripeEvents.type, 'invoice_payment.paid'),
        sql`${stripeEvents.payload}->'data'->'object'->>'invoice' = ${invoiceId}`,
      ),
    )
    .limit(1);
  const event = row?.payload as { data?: { object?: Stripe.InvoicePayment } } | undefined;
  return event ? invoicePaymentLink(event.data?.object) : null;
}

/** Adds the payment that paid a plan invoice to its grant, so a later refund or dispute of that charge finds it. */
export async function linkInvoiceGrant(
  tx: Tx,
  invoiceId: string,
  link: { paymentIntentId: string | null; chargeId: string | null },
) {
  const add = {
    ...(link.paymentIntentId ? { paymentIntent: link.paymentIntentId } : {}),
    ...(link.chargeId ? { chargeId: link.chargeId } : {}),
  };
  if (Object.keys(add).length === 0) return null;
  const [g] = await tx
    .update(creditTransactions)
    .set({
      metadata: sql`coalesce(${creditTransactions.metadata}, '{}'::jsonb) || ${JSON.stringify(add)}::jsonb`,
    })
    .where(
      and(
        eq(creditTransactions.idempotencyKey, `invoice:${invoiceId}`),
        eq(creditTransactions.type, 'subscription_grant'),
      ),
    )
    .returning({ id: creditTransactions.id });
  return g?.id ?? null;
}

/** Charges refunded or disputed before the grant they paid for was known: they are folded again once it is. */
export function unmatchedCharges(tx: Tx, k: Pick<ChargeKeys, 'paymentIntentId' | 'chargeId'>) {
  const keys: SQL[] = [];
  if (k.paymentIntentId) keys.push(eq(chargeStates.paymentIntentId, k.paymentIntentId));
  if (k.chargeId) keys.push(eq(chargeStates.chargeId, k.chargeId));
  if (keys.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(chargeStates)
    .where(and(isNull(chargeStates.grantId), or(...keys)));
}
