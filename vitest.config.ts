import { defineConfig } from 'vitest/config';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_TEST_FILES, MOCKING_TEST_FILES, WEB_MOCKING_TEST_FILES } from './server/test/mocking-files';
import { trackDynamicImports } from './scripts/vitest-track-imports';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Generated clips are made once per recipe and kept here across files and runs (decision 340). */
const clipCache = process.env.VA_CLIP_CACHE || path.join(tmpdir(), 'va-test-clips');

// Projects (decision 181): `server` keeps the node environment and the database global setup; `unit` runs
// pure functions; `web` renders components in jsdom with MSW answering the API, and never starts a database.
export default defineConfig({
  resolve: { alias: { '@': r('./web'), '@contract': r('./contract') } },
  test: {
    maxWorkers: 2,
    projects: [
      {
        // Files share one module graph per worker (isolate: false, decision 183): each file still builds its
        // own app on its own database, but the app's modules are imported once per worker, not once per file.
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...MOCKING_TEST_FILES, ...MEDIA_TEST_FILES],
          globalSetup: ['server/test/global-setup.ts'],
          // Every kept read's statements are checked against the tables it declares (decision 225).
          env: { CHECK_KEPT_READS: '1', VA_CLIP_CACHE: clipCache },
          testTimeout: 60000,
          hookTimeout: 180000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        // Files that replace a module (vi.mock) need a module graph of their own.
        extends: true,
        test: {
          name: 'server-mocking',
          include: MOCKING_TEST_FILES,
          globalSetup: ['server/test/global-setup.ts'],
          // Every kept read's statements are checked against the tables it declares (decision 225).
          env: { CHECK_KEPT_READS: '1', VA_CLIP_CACHE: clipCache },
          testTimeout: 60000,
          hookTimeout: 180000,
          pool: 'forks',
        },
      },
      {
        // Server files that measure clips and touch no database (decision 335): no database is set up, and
        // `npm test` runs them once, not again on PostgreSQL. Files share a module graph per worker.
        extends: true,
        test: {
          name: 'server-media',
          include: MEDIA_TEST_FILES,
          env: { VA_CLIP_CACHE: clipCache },
          testTimeout: 60000,
          hookTimeout: 180000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        // Pure functions of the contract and the web (no database, no DOM): the fast tier of `npm run check`.
        extends: true,
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'web/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          pool: 'threads',
        },
      },
      {
        extends: true,
        // Each file waits for the code it started loading before it ends (scripts/vitest-track-imports.ts).
        plugins: [trackDynamicImports()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.tsx'],
          exclude: WEB_MOCKING_TEST_FILES,
          setupFiles: ['web/test/setup.ts'],
          // One jsdom and module graph per worker (decision 189): web/test/setup.ts resets what a test leaves
          // behind (DOM, query cache, MSW handlers, toasts, storage, URL) after each test.
          isolate: false,
          // A ceiling, not a measurement: a form filled field by field on a loaded machine needs room.
          testTimeout: 120000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        // Web files that replace a module (vi.mock) need a module graph of their own, as server-mocking.
        extends: true,
        plugins: [trackDynamicImports()],
        test: {
          name: 'web-mocking',
          environment: 'jsdom',
          include: WEB_MOCKING_TEST_FILES,
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 120000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
    ],
  },
});
