import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import { seedDemo } from './demo';
import { seedPlans } from './plans';
import { seedPositions } from './positions';
import { seedSchools } from './schools';
import { seedSubmetrics } from './submetrics';

/** Reference data on every start (idempotent); demo accounts and data when SEED_DEMO is on. */
export async function seedReference(db: Db, opts: { demo: boolean; log: FastifyBaseLogger }) {
  await seedPositions(db);
  await seedSubmetrics(db);
  await seedPlans(db);
  await seedSchools(db);
  if (opts.demo) await seedDemo(db, opts.log);
}
