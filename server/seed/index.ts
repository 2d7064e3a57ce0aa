import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { POSITION_SUBMETRICS, SUBMETRICS } from '../../contract/submetrics';
import type { Db } from '../db/client';
import { migrationsVersion } from '../db/migrate';
import { referenceData } from '../db/schema';
import { seedDemo } from './demo';
import { PLAN_SEEDS, seedPlans } from './plans';
import { POSITIONS, seedPositions } from './positions';
import { schoolDirectoryVersion, seedSchools } from './schools';
import { seedSubmetrics } from './submetrics';

export { ensureDemoMedia } from './demo-media';
export { ensureDemoMeasurements } from './demo-measurements';
export { ensureDemoForty } from './demo-forty';

/**
 * Reference data on every start (idempotent); demo accounts and data when SEED_DEMO is on. The school
 * directory (29,000 rows, seconds on PGlite) loads once per version; in-memory test databases skip it.
 */
export async function seedReference(
  db: Db,
  opts: {
    demo: boolean;
    log: FastifyBaseLogger;
    schools?: boolean;
    /** Called once the reference data is in, before any demo data (a new folder keeps itself as template). */
    onReferenceReady?: () => Promise<void>;
  },
) {
  // Positions, submetrics and plans are written when their definitions change, not on every start.
  const version = definitionsVersion();
  const [held] = await db
    .select({ version: referenceData.version })
    .from(referenceData)
    .where(eq(referenceData.name, 'definitions'));
  if (held?.version !== version) {
    await seedPositions(db);
    await seedSubmetrics(db);
    await seedPlans(db);
    await db
      .insert(referenceData)
      .values({ name: 'definitions', version })
      .onConflictDoUpdate({ target: referenceData.name, set: { version, createdAt: sql`now()` } });
  }
  if (opts.schools !== false) await seedSchools(db);
  await opts.onReferenceReady?.();
  if (opts.demo) await seedDemo(db, opts.log);
}

const definitionsVersion = () =>
  createHash('sha256')
    .update(JSON.stringify([POSITIONS, SUBMETRICS, POSITION_SUBMETRICS, PLAN_SEEDS]))
    .digest('hex')
    .slice(0, 16);

/**
 * The version of a database migrated and seeded with reference data (decision 194): the migrations, the
 * definitions and the school directory. A template kept under another version is never used.
 */
export const seededDatabaseVersion = () =>
  createHash('sha256')
    .update([migrationsVersion(), definitionsVersion(), schoolDirectoryVersion()].join(':'))
    .digest('hex')
    .slice(0, 16);
