import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import { invoicePaymentLink } from './stripe-events';

/**
 * From API version 2025-03 an invoice.paid payload names no payment: the `invoice_payment.paid` event
 * does, and either may arrive first. This finds the earlier one among the recorded events, which keep
 * Stripe's own type and payload.
 */
export async function recordedInvoicePayment(db: DbOrTx, invoiceId: string) {
  const [row] = await db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.type, 'invoice_payment.paid'),
        sql`${paymentEvents.payload}->'data'->'object'->>'invoice' = ${invoiceId}`,
      ),
    )
    .limit(1);
  const event = row?.payload as { data?: { object?: Stripe.InvoicePayment } } | undefined;
  return event ? invoicePaymentLink(event.data?.object) : null;
}
