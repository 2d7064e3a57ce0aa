import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildBundle, root } from './deploy-image';

/**
 * The server and its command line as `npm start` runs them: bundled by `npm run build`'s own script, once per
 * test run, by the server projects' global setup (decision 339). The tests that start the server or the command
 * line as a process of their own run these files: under `tsx` each start spent about 1.3 s more of processor
 * time transforming the sources. Built fresh for each run, so a test never runs an older build.
 */
export function serverBundle() {
  const dir = process.env.VA_TEST_SERVER_BUNDLE;
  if (!dir)
    throw new Error('No server bundle: run the server tests through vitest (its global setup builds one)');
  return { main: path.join(dir, 'main.js'), cli: path.join(dir, 'cli.js') };
}

/** Builds the bundle into a folder of this run under `.tmp/` and returns the teardown that removes it. */
export async function buildTestBundle() {
  const dir = path.join(root, '.tmp', `test-server-${process.pid}-${randomBytes(3).toString('hex')}`);
  await buildBundle(dir);
  process.env.VA_TEST_SERVER_BUNDLE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
