import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * An empty PGlite cluster, as `initdb` leaves it, kept once per machine and PGlite version (decision 193).
 * `initdb` in WebAssembly takes about 4.5 s of CPU; loading the dump takes a fraction of that. Only what
 * initdb makes is kept: migrations, extensions and data are applied to every new folder as before, so the
 * template cannot go stale with the schema. A missing or unwritable cache only costs the initdb.
 */
let version: string | undefined;
const pgliteVersion = () => (version ??= readPgliteVersion());

function readPgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

/** env.ts reads PGLITE_TEMPLATE_DIR and the callers pass it on; without it, the machine's temporary folder. */
const templateDir = (dir?: string) => dir ?? path.join(tmpdir(), 'va-pglite');

/** Where the empty cluster lives. */
export function clusterTemplatePath(dir?: string) {
  return path.join(templateDir(dir), `cluster-${pgliteVersion()}.tar`);
}

/**
 * Where a migrated and seeded database is kept (decision 194): named by PGlite's version and by `key`, the
 * version of the migrations and of the reference data it holds, so a changed migration or seed is never
 * served from an old template.
 */
export function seededTemplatePath(key: string, dir?: string) {
  return path.join(templateDir(dir), `seeded-${pgliteVersion()}-${key}.tar`);
}

/**
 * Only a template this user made is used: in a shared temporary folder another account could otherwise
 * leave a cluster of its own making (with its own roles or functions) for the app to start from.
 */
function ownedByMe(p: string) {
  const s = statSync(p);
  return (process.getuid === undefined || s.uid === process.getuid()) && (s.mode & 0o022) === 0;
}

/** Whether a template is there and ours to use. */
export function usableTemplate(file: string): boolean {
  try {
    return ownedByMe(path.dirname(file)) && ownedByMe(file);
  } catch {
    return false;
  }
}

/** The template as PGlite's `loadDataDir` takes it, or undefined when there is none yet (or not ours). */
export function readTemplate(file: string): Blob | undefined {
  try {
    return usableTemplate(file) ? new Blob([readFileSync(file)]) : undefined;
  } catch {
    return undefined;
  }
}

export interface NewFolderTemplate {
  /** The dump the new folder starts from; none yet means initdb. */
  load?: Blob;
  /** No empty cluster kept yet: keep this one, just made by initdb, here. */
  saveClusterTo?: string;
  /** No seeded template of this version yet: keep the database here once it is migrated and seeded. */
  keepSeededTo?: string;
}

/** What a new folder starts from: the seeded template of its version, else the empty cluster. */
export function newFolderTemplate(dir: string | undefined, seededKey: string | undefined): NewFolderTemplate {
  const seeded = seededKey === undefined ? undefined : seededTemplatePath(seededKey, dir);
  const seededDump = seeded && readTemplate(seeded);
  if (seededDump) return { load: seededDump };
  const cluster = clusterTemplatePath(dir);
  const clusterDump = readTemplate(cluster);
  return { load: clusterDump, saveClusterTo: clusterDump ? undefined : cluster, keepSeededTo: seeded };
}

/** Keeps the cluster as it is now (written aside, then renamed: a reader never sees half a file). */
export async function saveTemplate(client: PGlite, file: string): Promise<void> {
  try {
    await client.query('checkpoint');
    const {
      rows: [current],
    } = await client.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name');
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, withoutSpareWal(dump, current.name), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    // A read-only or full disk: the next new folder runs initdb again.
  }
}

/**
 * The dump without the write-ahead log segments a new folder does not need: after a checkpoint only the
 * current segment is read at start; the others are spent or recycled for later writes (16 MiB each, six of
 * them after the school directory is loaded). The dump is a plain tar: 512-byte headers, data padded to 512.
 */
function withoutSpareWal(tar: Buffer, currentSegment: string): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, len: number) =>
      header
        .subarray(from, from + len)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const name = `${field(345, 155)}${field(0, 100)}`;
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || segment === currentSegment) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}
