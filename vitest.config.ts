import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': r('./web'), '@contract': r('./contract') } },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 180000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
