import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { analysisRequests, auditsWithStill, kindReceiptsWithStill, videoMedia, videos } from '../db/schema';
import { PARTIAL_DIR } from './storage';
import { SCRATCH_MAX_AGE_MS } from './scratch-sweep';

/** Folders of local storage whose files only video rows refer to (photos/ is left alone). */
const SWEPT = ['videos', 'thumbnails'];
const BATCH = 500;

/**
 * Of these storage keys, the ones some row refers to: a video's file, thumbnail or URL, a working
 * copy, a request's processed video, a receipt's stills (every kind's, Max Speed's included), an audit's stills. Anything
 * else under videos/ or thumbnails/ was left by a process killed between storing a file and writing its row.
 */
async function referencedKeys(db: Db, keys: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += BATCH) {
    const chunk = keys.slice(i, i + BATCH);
    const list = sql.join(
      chunk.map((k) => sql`(${k})`),
      sql`, `,
    );
    const res = await db.execute(sql`
      select k.key from (values ${list}) as k(key)
      where exists (select 1 from ${videos} v where v.storage_key = k.key or v.thumbnail = k.key or position(k.key in v.url) > 0)
         or exists (select 1 from ${videoMedia} m where m.working_key = k.key)
         or exists (select 1 from ${analysisRequests} r where position(k.key in coalesce(r.processed_video_url, '')) > 0)
         or exists ${kindReceiptsWithStill(sql.raw('k.key'))}
         or exists ${auditsWithStill(sql.raw('k.key'))}`);
    for (const r of (res as unknown as { rows: { key: string }[] }).rows) found.add(r.key);
  }
  return found;
}

async function oldFiles(dir: string, cutoff: number) {
  const out: { name: string; full: string }[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const full = path.join(dir, name);
    const info = await stat(full).catch(() => null);
    if (info && info.mtimeMs <= cutoff) out.push({ name, full });
  }
  return out;
}

/**
 * Sweeps local storage after a kill -9: files half-written in the partial area (no row can name one),
 * and complete files under videos/ and thumbnails/ that no row refers to. Only files untouched for the
 * grace period, so an upload in progress (its file keeps changing) or one about to write its row is
 * never touched; a file a row refers to never is, whatever its age.
 */
export async function sweepStorage(db: Db, root: string, opts: { olderThanMs?: number; now?: number } = {}) {
  const cutoff = (opts.now ?? Date.now()) - (opts.olderThanMs ?? SCRATCH_MAX_AGE_MS);
  const removed: string[] = [];
  for (const f of await oldFiles(path.join(root, PARTIAL_DIR), cutoff)) {
    await rm(f.full, { recursive: true, force: true });
    removed.push(`${PARTIAL_DIR}/${f.name}`);
  }
  for (const dir of SWEPT) {
    const files = await oldFiles(path.join(root, dir), cutoff);
    const keep = await referencedKeys(
      db,
      files.map((f) => `${dir}/${f.name}`),
    );
    for (const f of files) {
      const key = `${dir}/${f.name}`;
      if (keep.has(key)) continue;
      await rm(f.full, { force: true });
      removed.push(key);
    }
  }
  return removed;
}

/**
 * Once listening (so no other process on this host holds the address the key names): this
 * instance's own partial files from before its start were being written when its previous run died
 * (decision 196). Other instances' partials, which may share the folder, wait for the grace period above.
 */
export async function sweepOwnPartials(root: string, key: string, startedAt: number) {
  const dir = path.join(root, PARTIAL_DIR);
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(`${key}.`)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (!info || info.mtimeMs >= startedAt) continue;
    await rm(path.join(dir, name), { force: true });
    removed.push(`${PARTIAL_DIR}/${name}`);
  }
  return removed;
}
