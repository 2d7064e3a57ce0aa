import type { Db } from '../../db/client';
import { positions } from '../../db/schema';

/**
 * Each position's key by id, read once per database and kept (decision 223). Positions are reference data:
 * seeded, and a seed only adds positions or renames them (a key never changes its id), so the map is read
 * again only when a row names an id it does not hold yet.
 */
const kept = new WeakMap<object, Map<number, string>>();

export async function positionKeys(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const known = kept.get(db);
  if (known && [...ids].every((id) => id === null || known.has(id))) return known;
  const rows = await db.select({ id: positions.id, key: positions.key }).from(positions);
  const keys = new Map(rows.map((r) => [r.id, r.key]));
  kept.set(db, keys);
  return keys;
}
