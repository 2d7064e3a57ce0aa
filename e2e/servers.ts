import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_BASE_PORT, E2E_WORKERS } from './ports';

/**
 * Playwright's global setup (decision 194): one server per worker, all started at the same time. Playwright's
 * own `webServer` list starts its servers one after another (each waits for the last to answer), and a new
 * server spends about 15 s of CPU making its data folder: two in turn took twice as long as two together.
 * Worker slot i talks to port E2E_PORT + i (e2e/fixtures.ts). Returns the teardown that stops them.
 */
export default async function startServers() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  removeOldFolders();
  // Generated clips (the journeys' and the demo data's) are made once per recipe and kept, as in the server's
  // tests (decision 340); the workers and the servers inherit it.
  process.env.VA_CLIP_CACHE ||= path.join(tmpdir(), 'va-test-clips');
  // A stale build is rebuilt once here, before the servers start: side by side, each would rebuild it.
  const built = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');

  const run = `${Date.now().toString(36)}-${process.pid}`;
  const servers = Array.from({ length: E2E_WORKERS }, (_, i) => startServer(root, i, run));
  // Stopped, each server's folder (about 70 MB) goes with it.
  const stop = async () => {
    await Promise.all(servers.map(({ child }) => stopServer(child)));
    for (const { dataDir } of servers) rmSync(dataDir, { recursive: true, force: true });
  };
  // A run that ends without its teardown (an interrupted runner) leaves no server behind either.
  process.once('exit', () =>
    servers.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL')),
  );
  try {
    await Promise.all(servers.map((s) => s.ready));
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}

function startServer(root: string, i: number, run: string) {
  const port = E2E_BASE_PORT + i;
  const dataDir = path.join(tmpdir(), `va-e2e-${run}-${i}`);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      // The app as `npm start` runs it, on embedded PGlite in a folder of its own, with what a test run needs:
      // demo data, the dev outbox, no rate limits, and password hashing at the test cost (decision 194).
      NODE_ENV: 'test',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DISABLE_RATE_LIMIT: 'true',
      EXPOSE_DEV_OUTBOX: 'true',
    },
  });
  child.stderr.on('data', (d: Buffer) => process.stderr.write(`[server ${i}] ${d.toString()}`));
  const ready = new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 300_000;
    child.once('exit', (code) => reject(new Error(`server ${i} exited with ${code} before it answered`)));
    const poll = async () => {
      if (child.exitCode !== null) return;
      try {
        if ((await fetch(`http://localhost:${port}/api/health`)).ok) return resolve();
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) return reject(new Error(`server ${i} did not answer on port ${port}`));
      setTimeout(poll, 250);
    };
    void poll();
  });
  return { child, ready, dataDir };
}

/** SIGTERM (the server finishes what is in flight), then SIGKILL if it has not exited within 10 s. */
async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A run's server folders go with its teardown; a run that ended without one (interrupted) leaves them, and
 * they go at a later run once half a day old (no run lasts that long, so a run in progress beside this one
 * keeps its own).
 */
function removeOldFolders() {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('va-e2e-'))) {
    const dir = path.join(tmpdir(), name);
    if (Date.now() - statSync(dir).mtimeMs > 12 * 3600_000) rmSync(dir, { recursive: true, force: true });
  }
}
