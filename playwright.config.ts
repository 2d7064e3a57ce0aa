import { defineConfig } from '@playwright/test';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_BASE_PORT } from './e2e/ports';

const port = E2E_BASE_PORT;
/**
 * Workers, each with a server and a database of its own (decision 183): worker i talks to port + i
 * (e2e/fixtures.ts sets its baseURL), so journeys that share the demo accounts never meet. A journey
 * waits on the browser and the server in turn, so two workers keep both cores busy.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/**
 * Each server's data folder, named but not made here: Playwright loads this file in every worker too,
 * and only the servers (which create their folder) need one.
 */
const run = `${Date.now().toString(36)}-${process.pid}`;
// The servers' folders (about 150 MB each) outlive their run; a run's folders go at a later run, once
// they are half a day old (no run lasts that long, so a run in progress beside this one keeps its own).
for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('va-e2e-'))) {
  const dir = path.join(tmpdir(), name);
  if (Date.now() - statSync(dir).mtimeMs > 12 * 3600_000) rmSync(dir, { recursive: true, force: true });
}

/** The app as `npm start` runs it (from the build, rebuilt when stale), on a fresh data folder. */
const server = (i: number) => ({
  command: 'node scripts/start.mjs',
  url: `http://localhost:${port + i}/api/health`,
  timeout: 300_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port + i),
    APP_URL: `http://localhost:${port + i}`,
    DATA_DIR: path.join(tmpdir(), `va-e2e-${run}-${i}`),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DISABLE_RATE_LIMIT: 'true',
    EXPOSE_DEV_OUTBOX: 'true',
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  },
});

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  // Started one after another: the first rebuilds a stale build, the rest find it fresh.
  webServer: Array.from({ length: workers }, (_, i) => server(i)),
});
