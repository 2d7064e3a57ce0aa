import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toPaymentEvent, type PaymentEvent, type PaymentProvider } from '../../lib/payments';
import { applyEvent, type EventContext } from './webhook-effects';

interface WebhookDeps {
  db: Db;
  payments: PaymentProvider;
}

interface WebhookResult {
  duplicate: boolean;
  outcome: string;
}

/** Provider calls the event needs, made before the transaction so no lock is held across the network. */
async function prepare(deps: WebhookDeps, event: PaymentEvent): Promise<EventContext> {
  const fetchSub = async (id: string | null) => (id ? deps.payments.retrieveSubscription(id) : null);
  switch (event.type) {
    case 'subscription.changed':
      return { subscription: (await fetchSub(event.subscription.id)) ?? event.subscription };
    case 'invoice.paid':
      return { subscription: await fetchSub(event.subscriptionId) };
    case 'checkout.completed': {
      // An upgrade ends the plan it replaces; ending an ended subscription is a no-op, so retries are safe.
      const replaces = event.metadata.replacesSubscription;
      if (event.payment === 'paid' && event.mode === 'subscription' && replaces)
        await deps.payments.cancelNow(replaces);
      return { subscription: event.mode === 'subscription' ? await fetchSub(event.subscriptionId) : null };
    }
    default:
      return { subscription: null };
  }
}

/**
 * Each event id is recorded in the same transaction as its effects: a duplicate, concurrent or
 * replayed delivery finds the row (or waits on it) and changes nothing.
 */
export async function handleWebhookEvent(deps: WebhookDeps, verified: unknown): Promise<WebhookResult> {
  const event = toPaymentEvent(verified);
  if (!event) throw new AppError('VALIDATION_ERROR', 'Malformed event');
  const [seen] = await deps.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  if (seen) return { duplicate: true, outcome: 'duplicate' };
  const ctx = await prepare(deps, event);
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        type: event.providerType,
        livemode: event.livemode,
        payload: event.payload,
        processedAt: new Date(),
      })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id });
    if (!fresh) return { duplicate: true, outcome: 'duplicate' };
    return { duplicate: false, outcome: await applyEvent(tx, event, ctx) };
  });
}
