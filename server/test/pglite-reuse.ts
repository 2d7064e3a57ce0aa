import type { PGlite } from '@electric-sql/pglite';
import type { DbHandle } from '../db/client';
import { WRITES_CHANNEL } from '../db/write-clock';

/**
 * In-memory PGlite test databases handed on from one test file to the next in the same worker (decision
 * 194). Opening one from the snapshot costs about 0.9 s of CPU; putting a used one back to the snapshot's
 * state costs a fraction of that. A file gets a database equal to a fresh one: the same rows, ids and
 * sequence values, no session state. A database whose schema a test changed (a table, column, function,
 * trigger or role added or dropped) is closed instead of handed on.
 */
const idle: DbHandle[] = [];
const BASELINE = 'va_test_baseline';

interface Baseline {
  schema: string;
  tables: string[];
  copies: { table: string; columns: string }[];
  sequences: { name: string; value: string | null }[];
}
const baselines = new WeakMap<DbHandle, Baseline>();

/** A database in the snapshot's state: one handed back by an earlier file, else a new one from `open`. */
export async function reusablePglite(open: () => Promise<DbHandle>): Promise<DbHandle> {
  let handle = idle.pop();
  if (!handle) {
    handle = await open();
    baselines.set(handle, await keepBaseline(handle));
  }
  const inner = handle;
  let closed = false;
  return {
    ...inner,
    close: async () => {
      if (closed) return;
      closed = true;
      if (await backToBaseline(inner)) idle.push(inner);
      else await inner.close();
    },
  };
}

const clientOf = (h: DbHandle) => (h.db as unknown as { $client: PGlite }).$client;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Everything a test could change in the schema, as one text to compare. */
async function schemaFingerprint(client: PGlite) {
  const { rows } = await client.query<{ fp: string }>(`
    select md5(string_agg(x, ',' order by x)) as fp from (
      select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text as x
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', '${BASELINE}')
          and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'
      union all select 'a:' || table_name || '.' || column_name || ':' || data_type || ':' || is_nullable
        || ':' || coalesce(column_default, '') from information_schema.columns where table_schema = 'public'
      union all select 'p:' || n.nspname || '.' || p.proname from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
      union all select 't:' || tgname from pg_trigger where not tgisinternal
      union all select 'k:' || conname from pg_constraint
      union all select 'r:' || rolname from pg_roles
      union all select 'e:' || extname from pg_extension
    ) s`);
  return rows[0].fp;
}

/** Copies the snapshot's rows and sequence values aside, in a schema of their own, once per database. */
async function keepBaseline(handle: DbHandle): Promise<Baseline> {
  const client = clientOf(handle);
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((r) => r.name);
  await client.exec(`create schema ${BASELINE}`);
  const copies: Baseline['copies'] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from public.${ident(table)}`,
    );
    if (rows[0].n === 0) continue;
    const cols = await client.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [table],
    );
    await client.exec(`create table ${BASELINE}.${ident(table)} as select * from public.${ident(table)}`);
    copies.push({ table, columns: cols.rows.map((c) => ident(c.name)).join(', ') });
  }
  const sequences = (
    await client.query<{ name: string; value: string | null }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as value
        from pg_sequences where schemaname = 'public'`,
    )
  ).rows;
  return { schema: await schemaFingerprint(client), tables, copies, sequences };
}

/** Puts the database back to the snapshot's state; false when it cannot be (closed, or its schema changed). */
async function backToBaseline(handle: DbHandle): Promise<boolean> {
  const base = baselines.get(handle);
  const client = clientOf(handle);
  if (!base || client.closed) return false;
  try {
    // A transaction a test left open, then every session setting, prepared statement, lock and temp table.
    await client.exec('rollback');
    await client.exec('discard all');
    // `discard all` also ends the LISTEN the write clock hears every write through (decision 260): the
    // callback PGlite keeps for the channel is still there, so listening again restores it.
    await client.exec(`listen ${WRITES_CHANNEL}`);
    if ((await schemaFingerprint(client)) !== base.schema) return false;
    const restore = [
      `set session_replication_role = replica`,
      `truncate ${base.tables.map((t) => `public.${ident(t)}`).join(', ')}`,
      ...base.copies.map(
        (c) =>
          `insert into public.${ident(c.table)} (${c.columns}) overriding system value select ${c.columns} from ${BASELINE}.${ident(c.table)}`,
      ),
      ...base.sequences.map((s) =>
        s.value === null
          ? `select setval('${s.name}', 1, false)`
          : `select setval('${s.name}', ${s.value}, true)`,
      ),
      `set session_replication_role = default`,
    ];
    await client.exec(restore.join(';\n'));
    return true;
  } catch {
    return false;
  }
}
