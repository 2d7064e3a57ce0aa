import { sql } from 'drizzle-orm';
import type { DbHandle } from './client';
import {
  DELETE,
  INSERT,
  NOT_A_TARGET,
  UNWATCHED_TABLES,
  UPDATE,
  type AlsoWrites,
  type WriteEffects,
} from './write-clock';

/** `insert into x`, `update x`, `delete from x`, `truncate x` in a function's source (an upsert's and a lock's `update` aside). */
const TARGET =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;
/** Comments and string literals ('... update id=' ...), whichever starts first: text, not statements. */
const NOT_CODE = /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'/g;

interface Catalog {
  tables: string[];
  triggers: { table: string; fn: string }[];
  functions: { fn: string; src: string }[];
  /** A foreign key of `owner` to `target` that acts (cascade, set null, set default) on a delete or a key's update. */
  keys: { owner: string; target: string; onDelete: boolean; onUpdate: boolean }[];
  /** Columns unique on their own: a primary key or a unique index of one column (no condition). */
  unique: { table: string; column: string }[];
}

/**
 * What a write to each table also writes (decision 225): the tables its triggers' functions write (and the
 * functions they call, to the end), and the tables whose foreign keys cascade, set null or set default
 * from it, followed to the end. A function that runs SQL it cannot read (`execute`) or writes a table it
 * cannot name makes its table's effects 'all'. Unwatched tables are left out: nothing kept reads them.
 */
export function writeEffects(catalog: Catalog): WriteEffects {
  const tables = new Set(catalog.tables);
  const sources = new Map(catalog.functions.map((f) => [f.fn, f.src.replace(NOT_CODE, ' ')]));

  const fnWrites = new Map<string, Set<string> | 'all'>();
  const writesOfFn = (fn: string, seen = new Set<string>()): Set<string> | 'all' => {
    const known = fnWrites.get(fn);
    if (known) return known;
    const src = sources.get(fn);
    // A trigger function outside public (an extension's) or one in C: nothing to read.
    if (src === undefined) return new Set();
    if (/\bexecute\b/i.test(src)) return 'all';
    seen.add(fn);
    const out = new Set<string>();
    for (const m of src.replace(NOT_A_TARGET, ' ').matchAll(TARGET)) {
      const t = m[1].toLowerCase();
      if (!tables.has(t)) return 'all';
      if (!UNWATCHED_TABLES.has(t)) out.add(t);
    }
    for (const other of sources.keys()) {
      if (seen.has(other) || !new RegExp(`\\b${other}\\s*\\(`, 'i').test(src)) continue;
      const w = writesOfFn(other, seen);
      if (w === 'all') return 'all';
      for (const t of w) out.add(t);
    }
    fnWrites.set(fn, out);
    return out;
  };

  // One hop: what a write of each kind to a table writes at once (its triggers fire on every kind here).
  type Hop = Set<string> | 'all';
  const hops = new Map<string, Record<number, Hop>>();
  const hop = (table: string) => {
    let h = hops.get(table);
    if (!h) hops.set(table, (h = { [INSERT]: new Set(), [UPDATE]: new Set(), [DELETE]: new Set() }));
    return h;
  };
  const add = (table: string, kinds: number[], w: Hop) => {
    const h = hop(table);
    for (const k of kinds) {
      const d = h[k];
      if (d === 'all' || w === 'all') h[k] = 'all';
      else for (const t of w) d.add(t);
    }
  };
  for (const t of catalog.triggers) add(t.table, [INSERT, UPDATE, DELETE], writesOfFn(t.fn));
  for (const k of catalog.keys) {
    if (UNWATCHED_TABLES.has(k.owner)) continue;
    if (k.onDelete) add(k.target, [DELETE], new Set([k.owner]));
    if (k.onUpdate) add(k.target, [UPDATE], new Set([k.owner]));
  }

  // Followed to the end: a table written by a trigger or a cascade may be written in any way.
  const alsoWrites = new Map<string, AlsoWrites>();
  for (const table of tables) {
    const per: Record<number, readonly string[] | 'all'> = {};
    for (const kind of [INSERT, UPDATE, DELETE]) {
      const first = hops.get(table)?.[kind] ?? new Set<string>();
      if (first === 'all') {
        per[kind] = 'all';
        continue;
      }
      const reached = new Set<string>(first);
      const todo = [...first];
      let all = false;
      while (todo.length && !all) {
        const h = hops.get(todo.pop()!);
        for (const k of [INSERT, UPDATE, DELETE]) {
          const d = h?.[k];
          if (d === 'all') all = true;
          else
            for (const t of d ?? [])
              if (!reached.has(t)) {
                reached.add(t);
                todo.push(t);
              }
        }
      }
      reached.delete(table);
      per[kind] = all ? 'all' : [...reached].sort();
    }
    alsoWrites.set(table, per);
  }
  const unique = new Map<string, Set<string>>();
  for (const u of catalog.unique) unique.set(u.table, (unique.get(u.table) ?? new Set()).add(u.column));
  return { tables, alsoWrites, unique };
}

const rowsOf = async <T>(handle: DbHandle, q: ReturnType<typeof sql>) =>
  ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows;

const bare = (name: string) => name.replace(/^public\./, '').replace(/"/g, '');

/** Reads the catalog of a migrated database and gives its clock what each table's writes also write. */
export async function loadWriteEffects(handle: DbHandle): Promise<WriteEffects> {
  const [tables, triggers, functions, keys, unique] = await Promise.all([
    rowsOf<{ name: string }>(
      handle,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    ),
    rowsOf<{ table: string; fn: string }>(
      handle,
      sql`select c.relname as "table", p.proname as fn from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          join pg_proc p on p.oid = t.tgfoid
          where not t.tgisinternal and n.nspname = 'public'`,
    ),
    rowsOf<{ fn: string; src: string }>(
      handle,
      sql`select p.proname as fn, p.prosrc as src from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
          where n.nspname = 'public' and l.lanname in ('plpgsql', 'sql')`,
    ),
    rowsOf<{ owner: string; target: string; onDelete: string; onUpdate: string }>(
      handle,
      sql`select c.conrelid::regclass::text as owner, c.confrelid::regclass::text as target,
            c.confdeltype::text as "onDelete", c.confupdtype::text as "onUpdate"
          from pg_constraint c where c.contype = 'f'`,
    ),
    rowsOf<{ table: string; column: string }>(
      handle,
      sql`select c.relname as "table", a.attname as "column" from pg_index i
          join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          where n.nspname = 'public' and i.indisunique and i.indnatts = 1 and i.indpred is null
            and i.indexprs is null`,
    ),
  ]);
  const acting = (t: string) => t !== 'a' && t !== 'r';
  return writeEffects({
    tables: tables.map((t) => t.name),
    triggers,
    functions,
    unique,
    keys: keys.map((k) => ({
      owner: bare(k.owner),
      target: bare(k.target),
      onDelete: acting(k.onDelete),
      onUpdate: acting(k.onUpdate),
    })),
  });
}
