import { describe, it } from 'vitest';

const postgresPass = Boolean(process.env.TEST_DATABASE_URL);

/**
 * `npm test` runs the server's API tests twice: on embedded PGlite, then on PostgreSQL (TEST_DATABASE_URL).
 * A test declared with `inPgliteRun` runs in the first pass only (decision 339). It is for what the second
 * pass would only repeat:
 * - the variants of a measurement (another frame rate, another outside clip) whose sibling test, run in both
 *   passes, already goes through the same endpoints, statements and stored rows: the database changes nothing
 *   the variant checks, and its clip costs seconds of decoding each pass;
 * - tests of embedded PGlite itself, which open a PGlite of their own whatever the pass.
 */
export const inPgliteRun: ReturnType<typeof it.skipIf> = it.skipIf(postgresPass);

/** `inPgliteRun` for a whole suite (its hooks do not run in the PostgreSQL pass either). */
export const describeInPgliteRun: ReturnType<typeof describe.skipIf> = describe.skipIf(postgresPass);
