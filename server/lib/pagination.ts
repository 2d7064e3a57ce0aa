import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { NEXT_CURSOR_HEADER } from '../../contract/pagination';
import { AppError } from './app-error';

/**
 * Keyset pages (decision 063): the cursor is the sort key of the last row of the page, as
 * base64url JSON. It is opaque to clients and checked on the way in: a bad one is a 400.
 */
function encodeCursor(key: (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends (string | number | null)[]>(
  cursor: string | undefined,
  check: (key: unknown[]) => key is T,
): T | null {
  if (!cursor) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  if (!Array.isArray(key) || !check(key))
    throw new AppError('VALIDATION_ERROR', 'Cursor is invalid', { cursor: 'Cursor is invalid' });
  return key;
}

/** Rows were fetched with limit + 1: the extra one only says that another page exists. */
export function toPage<R>(rows: R[], limit: number, keyOf: (row: R) => (string | number | null)[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** The next page's cursor travels in a header so list bodies keep the array shape of the specification. */
export function sendPage<R>(
  reply: { header(name: string, value: string): unknown },
  page: { items: R[]; next: string | null },
) {
  if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
  return page.items;
}

export const isIntKey = (k: unknown[]): k is [number] =>
  k.length === 1 && Number.isSafeInteger(k[0]) && (k[0] as number) > 0;
/** A timestamp as PostgreSQL prints it (microseconds kept: a millisecond Date would skip or repeat rows). */
const PG_TIME = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;
export const isTimeIdKey = (k: unknown[]): k is [string, number] =>
  k.length === 2 &&
  typeof k[0] === 'string' &&
  PG_TIME.test(k[0]) &&
  Number.isSafeInteger(k[1]) &&
  (k[1] as number) > 0;

/**
 * A list's two statements, built by `make`: the first page (no cursor condition) and a page after a
 * (time, id) cursor held in the placeholders `at` and `id`. Each is the same statement but for that condition.
 */
export function firstAndAfter<S>(
  time: PgColumn,
  id: PgColumn,
  dir: 'asc' | 'desc',
  make: (cursor: SQL | undefined, which: 'first' | 'after') => S,
): { first: S; after: S } {
  return {
    first: make(undefined, 'first'),
    after: make(afterTimeId(time, id, [sql.placeholder('at'), sql.placeholder('id')], dir), 'after'),
  };
}

/** The exact timestamp text of a row, for a (time, id) cursor. */
export const exactTime = (col: PgColumn) => sql<string>`${col}::text`;

/**
 * (time, id) after the cursor in the list's direction, as one row comparison an index can serve. The key
 * may hold placeholders, for a statement prepared once (decision 185).
 */
export function afterTimeId(
  time: PgColumn,
  id: PgColumn,
  key: readonly [string | Placeholder, number | Placeholder] | null,
  dir: 'asc' | 'desc',
) {
  if (!key) return undefined;
  return dir === 'asc'
    ? sql`(${time}, ${id}) > (${key[0]}::timestamptz, ${key[1]})`
    : sql`(${time}, ${id}) < (${key[0]}::timestamptz, ${key[1]})`;
}
