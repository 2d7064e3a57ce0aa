import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import { seedDemo } from './demo';
import { seedPlans } from './plans';
import { seedPositions } from './positions';
import { seedSchools } from './schools';
import { seedSubmetrics } from './submetrics';

/**
 * Reference data on every start (idempotent); demo accounts and data when SEED_DEMO is on. The school
 * directory (29,000 rows, seconds on PGlite) loads once per version; in-memory test databases skip it.
 */
export async function seedReference(db: Db, opts: { demo: boolean; log: FastifyBaseLogger; schools?: boolean }) {
  await seedPositions(db);
  await seedSubmetrics(db);
  await seedPlans(db);
  if (opts.schools !== false) await seedSchools(db);
  if (opts.demo) await seedDemo(db, opts.log);
}
