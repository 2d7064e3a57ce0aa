import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { openDb, type DbHandle } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { seedPositions } from '../../server/seed/positions';
import { pgBaseUrl, scratchDatabase, withDb } from './pg';

/**
 * The PostgreSQL database of a bench of large tables: a scratch one with the schema, the positions and
 * the rows `fill` writes, or the kept one named by the environment variable `reuseEnv` (filled by an
 * earlier run with `--keep`). `done` closes it and drops a scratch one unless `--keep` was given.
 */
export async function filledDatabase(prefix: string, reuseEnv: string, fill: (h: DbHandle) => Promise<void>) {
  const reuse = process.env[reuseEnv];
  const scratch = reuse
    ? { name: reuse, url: withDb(pgBaseUrl, reuse), drop: async () => {} }
    : await scratchDatabase(prefix);
  const h = await openDb({ databaseUrl: scratch.url, dataDir: tmpdir() });
  const done = async () => {
    await h.close();
    if (!process.argv.includes('--keep')) await scratch.drop();
  };
  const t0 = performance.now();
  try {
    if (!reuse) {
      await runMigrations(h);
      await seedPositions(h.db);
      await fill(h);
    }
  } catch (err) {
    await done();
    throw err;
  }
  return { h, name: scratch.name, reused: Boolean(reuse), seconds: (performance.now() - t0) / 1000, done };
}
