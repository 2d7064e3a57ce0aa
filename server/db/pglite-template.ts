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

/** Where the template lives: PGLITE_TEMPLATE_DIR, else the machine's temporary folder. */
export function clusterTemplatePath(
  dir = process.env.PGLITE_TEMPLATE_DIR ?? path.join(tmpdir(), 'va-pglite'),
) {
  return path.join(dir, `cluster-${pgliteVersion()}.tar`);
}

/**
 * Only a template this user made is used: in a shared temporary folder another account could otherwise
 * leave a cluster of its own making (with its own roles or functions) for the app to start from.
 */
function ownedByMe(p: string) {
  const s = statSync(p);
  return (process.getuid === undefined || s.uid === process.getuid()) && (s.mode & 0o022) === 0;
}

/** The template as PGlite's `loadDataDir` takes it, or undefined when there is none yet (or not ours). */
export function readClusterTemplate(file: string): Blob | undefined {
  try {
    if (!ownedByMe(path.dirname(file)) || !ownedByMe(file)) return undefined;
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** Keeps the cluster just made by initdb (written aside, then renamed: a reader never sees half a file). */
export async function saveClusterTemplate(client: PGlite, file: string): Promise<void> {
  try {
    const dump = await client.dumpDataDir('none');
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    // A read-only or full disk: the next new folder runs initdb again.
  }
}
