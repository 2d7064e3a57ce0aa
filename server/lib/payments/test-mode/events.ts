import type { Db, DbOrTx } from '../../../db/client';
import { signPayload } from '../signature';
import type { DeliverEvent } from '../types';
import { eventObject, nowSeconds, type TestEvent } from './shapes';
import { testStore } from './store';

export interface EventLog {
  warn(obj: unknown, msg?: string): void;
}

interface StoredEvent {
  /** Insertion order: events of one transaction share a created_at. */
  seq: number;
  event: TestEvent;
  deliveries: { at: number; status: number }[];
}

/**
 * An outbox: events are stored in the same transaction as the change they describe, then signed
 * and delivered after it commits, the way Stripe sends them once its own state has changed.
 */
export function createEventSender(o: { db: Db; secret: string; deliver: DeliverEvent; log: EventLog }) {
  let counter = 0;
  const nextSeq = () => Date.now() * 1000 + (counter++ % 1000);
  const ordered = async () =>
    (await testStore.find<StoredEvent>(o.db, 'event')).sort((a, b) => a.seq - b.seq);

  async function record(tx: DbOrTx, type: string, object: unknown, previous?: Record<string, unknown>) {
    const event = eventObject(type, object, previous);
    await testStore.insert(tx, event.id, 'event', {
      seq: nextSeq(),
      event,
      deliveries: [],
    } satisfies StoredEvent);
    return event;
  }

  async function deliverOne(event: TestEvent) {
    const payload = JSON.stringify(event);
    let status = 0;
    try {
      status = (await o.deliver(payload, signPayload(payload, o.secret))).statusCode;
    } catch (err) {
      o.log.warn({ err, eventId: event.id }, 'test-mode webhook delivery failed');
    }
    const doc = await testStore.get<StoredEvent>(o.db, event.id, 'event');
    if (doc)
      await testStore.save(o.db, event.id, {
        ...doc,
        deliveries: [...doc.deliveries, { at: nowSeconds(), status }],
      });
    return status;
  }

  async function deliverAll(events: TestEvent[]) {
    for (const e of events) await deliverOne(e);
  }

  /** Like Stripe's retries: events whose every delivery failed are sent again (up to 5 tries). */
  async function redeliverFailed() {
    const docs = await ordered();
    let sent = 0;
    for (const d of docs) {
      const ok = d.deliveries.some((x) => x.status >= 200 && x.status < 300);
      if (!ok && d.deliveries.length < 5) {
        await deliverOne(d.event);
        sent++;
      }
    }
    return sent;
  }

  /** Every event the test account has produced, oldest first (tests replay them). */
  async function all() {
    return (await ordered()).map((d) => d.event);
  }

  return { record, deliverAll, redeliverFailed, all };
}
export type EventSender = ReturnType<typeof createEventSender>;
