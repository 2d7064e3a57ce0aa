import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chargeStates, creditTransactions } from '../../db/schema';

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
      eq(creditTransactions.providerPaymentIntentId, k.paymentIntentId),
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
