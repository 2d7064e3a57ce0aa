import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made: string[] = [];

/**
 * A new folder in the temporary folder for a journey's files (generated clips). A worker removes all of
 * its folders when it exits, so a run leaves none behind.
 */
export function scratchDir(prefix: string): string {
  if (made.length === 0)
    process.once('exit', () => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
