import { it } from 'vitest';

/**
 * `npm test` runs the server's API tests twice: on embedded PGlite, then on PostgreSQL (TEST_DATABASE_URL).
 * A test declared with `inPgliteRun` runs in the first pass only (decision 339). It is for the variants of a
 * measurement (another frame rate, another outside clip) whose sibling test, run in both passes, already goes
 * through the same endpoints, statements and stored rows: the database changes nothing the variant checks,
 * and its clip costs seconds of decoding each pass.
 */
export const inPgliteRun: ReturnType<typeof it.skipIf> = it.skipIf(Boolean(process.env.TEST_DATABASE_URL));
