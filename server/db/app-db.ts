import type { Env } from '../env';
import { seededDatabaseVersion } from '../seed';
import { openDb, type DbHandle } from './client';

/**
 * The app's database as its environment names it, opened the same way by the server and by `npm run cli`: a
 * new embedded folder starts from the seeded template of this version (decisions 193, 194).
 */
export function openAppDb(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'PGLITE_TEMPLATE_DIR'>,
): Promise<DbHandle> {
  return openDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    pgliteTemplateDir: env.PGLITE_TEMPLATE_DIR,
    seededTemplateKey: seededDatabaseVersion,
  });
}
