import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { paymentTestObjects } from '../../../db/schema';

type TestObjectKind =
  | 'customer'
  | 'checkout_session'
  | 'subscription'
  | 'invoice'
  | 'payment_intent'
  | 'coupon'
  | 'promotion_code'
  | 'event'
  | 'charge'
  | 'refund'
  | 'dispute';

/** The built-in provider's "Stripe account": one JSON document per object in payment_test_objects. */
export const testStore = {
  async get<T = any>(
    db: DbOrTx,
    id: string,
    kind: TestObjectKind,
    opts: { lock?: boolean } = {},
  ): Promise<T | null> {
    const q = db
      .select()
      .from(paymentTestObjects)
      .where(and(eq(paymentTestObjects.id, id), eq(paymentTestObjects.kind, kind)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return (row?.data as T) ?? null;
  },
  async insert(db: DbOrTx, id: string, kind: TestObjectKind, data: unknown) {
    await db.insert(paymentTestObjects).values({ id, kind, data });
  },
  async save(db: DbOrTx, id: string, data: unknown) {
    await db.update(paymentTestObjects).set({ data }).where(eq(paymentTestObjects.id, id));
  },
  /** Objects of a kind whose JSON matches every given top-level field. */
  async find<T = any>(
    db: DbOrTx,
    kind: TestObjectKind,
    where: Record<string, string | boolean> = {},
  ): Promise<T[]> {
    const conds = Object.entries(where).map(
      ([k, v]) => sql`${paymentTestObjects.data}->>${k} = ${String(v)}`,
    );
    const rows = await db
      .select()
      .from(paymentTestObjects)
      .where(and(eq(paymentTestObjects.kind, kind), ...conds))
      .orderBy(paymentTestObjects.createdAt);
    return rows.map((r) => r.data as T);
  },
};
