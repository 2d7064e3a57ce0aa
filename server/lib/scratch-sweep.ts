import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Scratch names this app creates: video work folders and S3 upload spools. Nothing a row refers to. */
const SCRATCH = /^(va-video-|s3-upload-)/;
export const SCRATCH_MAX_AGE_MS = 3 * 60 * 60 * 1000;

/**
 * Removes scratch folders and spool files left by a process killed mid-work (kill -9 during an
 * upload or an analyst's complete). Only this app's scratch names, only when older than any work
 * takes, so a folder another live instance is using is never touched. Returns what was removed.
 */
export async function sweepScratch(opts: { dir?: string; olderThanMs?: number; now?: number } = {}) {
  const dir = opts.dir ?? tmpdir();
  const cutoff = (opts.now ?? Date.now()) - (opts.olderThanMs ?? SCRATCH_MAX_AGE_MS);
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!SCRATCH.test(name)) continue;
    const full = path.join(dir, name);
    const info = await stat(full).catch(() => null);
    if (!info || info.mtimeMs > cutoff) continue;
    await rm(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
