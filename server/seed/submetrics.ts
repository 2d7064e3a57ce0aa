import { and, eq, notInArray, sql } from 'drizzle-orm';
import { decimalsFor } from '../../contract/analysis';
import { POSITION_SUBMETRICS, SUBMETRICS } from '../../contract/submetrics';
import type { Db } from '../db/client';
import { positionSubmetrics, positions, submetrics } from '../db/schema';

/** Idempotent: names, units and the per-position lists follow the code on every start. */
export async function seedSubmetrics(db: Db) {
  await db
    .insert(submetrics)
    .values(
      SUBMETRICS.map((s) => ({
        key: s.key,
        name: s.name,
        unit: s.unit,
        description: s.description,
        decimals: decimalsFor(s.name),
      })),
    )
    .onConflictDoUpdate({
      target: submetrics.key,
      set: {
        name: sql`excluded.name`,
        unit: sql`excluded.unit`,
        description: sql`excluded.description`,
        decimals: sql`excluded.decimals`,
      },
    });
  const pos = await db.select({ id: positions.id, key: positions.key }).from(positions);
  const byKey = Object.fromEntries(
    (await db.select({ id: submetrics.id, key: submetrics.key }).from(submetrics)).map((s) => [s.key, s.id]),
  );
  for (const p of pos) {
    const keys = POSITION_SUBMETRICS[p.key] ?? [];
    const ids = keys.map((k) => byKey[k]);
    if (ids.length === 0) continue;
    await db
      .delete(positionSubmetrics)
      .where(and(eq(positionSubmetrics.positionId, p.id), notInArray(positionSubmetrics.submetricId, ids)));
    await db
      .insert(positionSubmetrics)
      .values(ids.map((submetricId, i) => ({ positionId: p.id, submetricId, sortOrder: i })))
      .onConflictDoUpdate({
        target: [positionSubmetrics.positionId, positionSubmetrics.submetricId],
        set: { sortOrder: sql`excluded.sort_order` },
      });
  }
}
