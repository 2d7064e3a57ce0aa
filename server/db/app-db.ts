import type { Env } from '../env';
import { openDb, type DbHandle } from './client';

/**
 * The app's database as its environment names it, opened the same way by the server and by `npm run cli`: a
 * new embedded folder starts from the seeded template of this version (decisions 193, 194). The version is
 * the seed's (`seededDatabaseVersion`), passed in by the caller: db/ knows nothing of the seed (decision 200).
 */
export function openAppDb(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'PGLITE_TEMPLATE_DIR'>,
  seededTemplateKey: () => string,
): Promise<DbHandle> {
  return openDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    pgliteTemplateDir: env.PGLITE_TEMPLATE_DIR,
    seededTemplateKey,
  });
}
