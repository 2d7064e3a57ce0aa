import { UPSERT_UPDATE } from './sql-writes';

/**
 * What a kept read scopes by (decisions 225, 226): the rows of `table` whose `column` holds one value, as
 * `players.user_id=9` (a family's players) or `users.id=5` (one user). `scope` is `table.column`.
 */
export interface RowKey {
  readonly table: string;
  readonly column: string;
  readonly scope: string;
  readonly key: string;
}

export const rowKey = (table: string, column: string, value: string | number): RowKey => ({
  table,
  column,
  scope: `${table}.${column}`,
  key: `${table}.${column}=${value}`,
});

/**
 * The rows one statement writes, where it can tell (decision 226): per column, the values every row it
 * writes holds in that column, before and after. An `update` or `delete from` names them in its top-level
 * `where` (a conjunct `"table"."column" = $n`; an update that sets the column does not keep it); an
 * `insert into` in its values (`$n` for that column in every row); an upsert that updates, in its conflict
 * columns' values only (decision 227: the row it updates holds those, not the others).
 */
export interface WrittenRows {
  readonly table: string;
  readonly cells: ReadonlyMap<string, readonly string[]>;
}

/** `"table"."column" = $n`, the whole of one conjunct. */
const CELL = /^"?([a-z_][a-z0-9_]*)"?\."?([a-z_][a-z0-9_]*)"?\s*=\s*\$(\d+)$/i;
const NAME = /^"?([a-z_][a-z0-9_]*)"?$/i;
const PARAM = /^\$(\d+)$/;

const valueAt = (values: readonly unknown[], n: string) => {
  const v = values[Number(n) - 1];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
};

export function rowsWritten(sql: string, values: readonly unknown[] | undefined): WrittenRows | null {
  if (!values) return null;
  const text = sql.replace(/\s+/g, ' ');
  const insert = /^\s*insert into "?([a-z_][a-z0-9_]*)"? ?\(/i.exec(text);
  if (insert) return insertedRows(insert[1].toLowerCase(), text.slice(insert[0].length - 1), values);
  const head = /^\s*(update|delete from) "?([a-z_][a-z0-9_]*)"? /i.exec(text);
  if (!head) return null;
  const table = head[2].toLowerCase();
  const parts = splitTop(text, ' where ');
  if (parts.length !== 2) return null;
  let assigned: Set<string> | null = new Set();
  if (head[1].toLowerCase() === 'update') {
    // The columns it sets: a row it moves to another value of one of them is not confined to its old one.
    const set = splitTop(parts[0], ' set ');
    assigned = set.length === 2 ? assignedColumns(splitTop(set[1], ' from ')[0]) : null;
    if (!assigned) return null;
  }
  const cells = new Map<string, string[]>();
  for (const part of conjuncts(splitTop(parts[1], ' returning ')[0].trim())) {
    const m = CELL.exec(part);
    if (!m || m[1].toLowerCase() !== table) continue;
    const column = m[2].toLowerCase();
    const v = valueAt(values, m[3]);
    if (v === null || assigned.has(column)) continue;
    cells.set(column, [...(cells.get(column) ?? []), v]);
  }
  return { table, cells };
}

/** The columns a `set` list assigns (`"a" = $1, "b" = now()`); null when one cannot be read. */
function assignedColumns(list: string): Set<string> | null {
  const out = new Set<string>();
  for (const item of splitTop(list, ',')) {
    const eq = item.indexOf('=');
    const m = eq > 0 ? NAME.exec(item.slice(0, eq).trim()) : null;
    if (!m) return null;
    out.add(m[1].toLowerCase());
  }
  return out;
}

/** An insert's columns and rows: `("a", "b") values ($1, default), ($3, $4) returning ...`. */
function insertedRows(table: string, rest: string, values: readonly unknown[]): WrittenRows | null {
  const [columnsText, after] = group(rest);
  if (columnsText === null) return null;
  const columns = splitTop(columnsText, ',').map((c) => NAME.exec(c.trim())?.[1].toLowerCase() ?? null);
  let tail = after.trimStart();
  if (!/^values\b/i.test(tail)) return null;
  tail = tail.slice(6);
  const rows: string[][] = [];
  for (;;) {
    tail = tail.trimStart();
    if (!tail.startsWith('(')) break;
    const [inner, next] = group(tail);
    if (inner === null) return null;
    rows.push(splitTop(inner, ',').map((v) => v.trim()));
    tail = next.trimStart();
    if (!tail.startsWith(',')) break;
    tail = tail.slice(1);
  }
  // What may follow the rows: `returning`, `on conflict ... do nothing` or `... do update set`.
  if (!rows.length || (tail && !/^(returning|on conflict)\b/i.test(tail))) return null;
  const upsert = UPSERT_UPDATE.test(tail) ? conflictTarget(tail) : undefined;
  if (upsert === null) return null;
  const cells = new Map<string, string[]>();
  columns.forEach((column, i) => {
    // An upsert that updates writes a new row or the row already holding its conflict columns' values:
    // only those columns (and not one its `set` assigns) hold the inserted values in both.
    if (!column || (upsert && !upsert.has(column))) return;
    const vs: string[] = [];
    for (const row of rows) {
      const p = PARAM.exec(row[i] ?? '');
      const v = p ? valueAt(values, p[1]) : null;
      if (v === null) return;
      vs.push(v);
    }
    cells.set(column, vs);
  });
  return { table, cells };
}

/**
 * The columns of `on conflict ("a", "b") do update set ...` that the update leaves as they were: the
 * conflict target minus the columns its `set` assigns. Null when either cannot be read (a constraint's
 * name, an expression).
 */
function conflictTarget(tail: string): Set<string> | null {
  const [target, rest] = group(tail.replace(/^on conflict\s*/i, ''));
  const m = /^\s*do update set /i.exec(rest);
  if (target === null || !m) return null;
  const columns = new Set<string>();
  for (const c of splitTop(target, ',')) {
    const name = NAME.exec(c.trim());
    if (!name) return null;
    columns.add(name[1].toLowerCase());
  }
  const assigned = assignedColumns(
    splitTop(splitTop(rest.slice(m[0].length), ' where ')[0], ' returning ')[0],
  );
  if (!assigned) return null;
  for (const c of assigned) columns.delete(c);
  return columns;
}

/** Each character of `text` outside quotes, with its index and the depth of parentheses before it. */
function* unquoted(text: string): Generator<[number, string, number]> {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else {
      yield [i, c, depth];
      if (c === '(') depth++;
      else if (c === ')') depth--;
    }
  }
}

/** The text inside the parenthesis `text` starts with, and what follows it; null inside when there is none. */
function group(text: string): [string | null, string] {
  if (!text.startsWith('(')) return [null, text];
  for (const [i, c, depth] of unquoted(text))
    if (c === ')' && depth === 1) return [text.slice(1, i), text.slice(i + 1)];
  return [null, ''];
}

/** Splits `text` at the top level (outside parentheses and quotes) on `sep` (a lower-case word with spaces). */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let from = 0;
  const lower = text.toLowerCase();
  for (const [i, c, depth] of unquoted(text)) {
    if (depth !== 0 || i < from || c === '(' || c === ')' || !lower.startsWith(sep, i)) continue;
    parts.push(text.slice(from, i));
    from = i + sep.length;
  }
  parts.push(text.slice(from));
  return parts;
}

/** The conjuncts of a condition, through wrapping parentheses and nested `and`s. */
function conjuncts(cond: string): string[] {
  let c = cond.trim();
  for (let [inner, rest] = group(c); inner !== null && !rest.trim(); [inner, rest] = group(c))
    c = inner.trim();
  // `a or b and c` is `a or (b and c)`: a top-level `or` leaves no conjunct that holds for every row.
  if (splitTop(c, ' or ').length > 1) return [c];
  const parts = splitTop(c, ' and ');
  return parts.length === 1 ? [c] : parts.flatMap(conjuncts);
}
