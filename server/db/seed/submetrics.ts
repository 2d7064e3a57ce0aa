import type { Db } from '../client';

/** The IGA submetric catalogue per position (owned by the analysis feature). */
export async function seedSubmetrics(_db: Db) {}
