import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { stripeEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider, StripeEventLike } from '../../lib/payments';
import { idOf, invoiceSubscriptionId, normalizeSubscription } from '../../lib/payments/normalize';
import type {
  WebhookCheckoutSession,
  WebhookInvoice,
  WebhookSubscription,
} from '../../lib/payments/stripe-objects';
import { applyEvent, type EventContext } from './webhook-effects';

interface WebhookDeps {
  db: Db;
  payments: PaymentProvider;
}

interface WebhookResult {
  duplicate: boolean;
  outcome: string;
}

const eventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number(),
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Provider calls the event needs, made before the transaction so no lock is held across the network. */
async function prepare(deps: WebhookDeps, event: StripeEventLike): Promise<EventContext> {
  const obj = event.data.object;
  const fetchSub = async (id: string | null) => (id ? deps.payments.retrieveSubscription(id) : null);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = obj as WebhookSubscription;
      return { subscription: (await fetchSub(sub.id)) ?? normalizeSubscription(sub) };
    }
    case 'invoice.paid':
      return { subscription: await fetchSub(invoiceSubscriptionId(obj as WebhookInvoice)) };
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = obj as WebhookCheckoutSession;
      const paid = session.payment_status === 'paid';
      // An upgrade ends the plan it replaces; ending an ended subscription is a no-op, so retries are safe.
      const replaces = session.metadata?.replacesSubscription;
      if (paid && session.mode === 'subscription' && replaces) await deps.payments.cancelNow(replaces);
      return {
        subscription: session.mode === 'subscription' ? await fetchSub(idOf(session.subscription)) : null,
      };
    }
    default:
      return { subscription: null };
  }
}

/**
 * Each event id is recorded in the same transaction as its effects: a duplicate, concurrent or
 * replayed delivery finds the row (or waits on it) and changes nothing.
 */
export async function handleWebhookEvent(deps: WebhookDeps, raw: StripeEventLike): Promise<WebhookResult> {
  const parsed = eventShape.safeParse(raw);
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', 'Malformed event');
  const event = raw;
  const [seen] = await deps.db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id));
  if (seen) return { duplicate: true, outcome: 'duplicate' };
  const ctx = await prepare(deps, event);
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({
        id: event.id,
        type: event.type,
        livemode: event.livemode,
        payload: event,
        processedAt: new Date(),
      })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (!fresh) return { duplicate: true, outcome: 'duplicate' };
    return { duplicate: false, outcome: await applyEvent(tx, event, ctx) };
  });
}
