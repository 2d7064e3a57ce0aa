import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderCount, toLiteral, withPreparedReads } from './pglite-prepared';

/** Decision 213: reads on PGlite as prepared statements answer exactly what query() answers. */
let plain: PGlite;
let fast: PGlite;

beforeAll(async () => {
  plain = await PGlite.create();
  fast = withPreparedReads(await PGlite.create());
  for (const db of [plain, fast])
    await db.exec(`create table t (id serial primary key, name text, n int, flag boolean, at timestamptz default '2026-01-02T03:04:05Z', v numeric);
      insert into t (name, n, flag, v) values ('O''Brien', 1, true, 1.5), ('Zoë "quoted" \\ back', 2, false, null), (null, 3, null, 2.25);`);
});
afterAll(async () => {
  await plain.close();
  await fast.close();
});

const prepared = async () =>
  (await fast.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (r) => r.name,
  );

describe('PGlite reads as prepared statements (decision 213)', () => {
  it('writes parameters as quoted literals of unknown type', () => {
    expect(toLiteral("O'Brien")).toBe("'O''Brien'");
    expect(toLiteral('a\\b')).toBe("'a\\b'");
    expect(toLiteral(null)).toBe('NULL');
    expect(toLiteral(5)).toBe("'5'");
    expect(toLiteral(true)).toBe("'true'");
    expect(toLiteral(12n)).toBe("'12'");
  });

  it('counts placeholders outside quotes and comments, and refuses what it cannot read', () => {
    expect(placeholderCount('select $1, $2 where x = $1')).toBe(2);
    expect(placeholderCount('select \'$1\', "$2" -- $3\n, $1 /* $4 */')).toBe(1);
    expect(placeholderCount("select 'it''s $2', $1")).toBe(1);
    expect(placeholderCount('select $2')).toBeNull();
    expect(placeholderCount('select $$ $1 $$')).toBeNull();
    expect(placeholderCount("select 'open")).toBeNull();
  });

  const cases: [string, unknown[]][] = [
    ['select id, name, n, flag, at, v from t where name = $1', ["O'Brien"]],
    ['select id, name from t where name = $1', ['Zoë "quoted" \\ back']],
    ['select id from t where n > $1 order by id limit $2', [0, 2]],
    ['select id, flag from t where flag = $1', [false]],
    ['select id from t where name is not distinct from $1', [null]],
    ['select $1::int + n as s from t order by id', [10]],
    ['with x as (select n from t where n >= $1) select count(*)::int c from x', [2]],
    ['select id from t where name = $1', ['nobody']],
  ];
  it.each(cases)('%s answers what query() answers, in both row modes', async (sql, params) => {
    for (const rowMode of ['object', 'array'] as const) {
      const a = await plain.query(sql, params, { rowMode });
      const b = await fast.query(sql, params, { rowMode });
      expect(b.rows).toEqual(a.rows);
      expect(b.fields).toEqual(a.fields);
    }
  });

  it('prepares each read once and reuses it', async () => {
    const before = (await prepared()).length;
    for (let i = 0; i < 3; i += 1) await fast.query('select n from t where id = $1', [i + 1]);
    expect((await prepared()).length).toBe(before + 1);
  });

  it('leaves writes, arrays, dates and statements it cannot prepare to query()', async () => {
    const before = (await prepared()).length;
    await fast.query('update t set n = n where id = $1', [1]);
    expect((await fast.query('select id from t where id = any($1) order by id', [[1, 2]])).rows).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect(
      (await fast.query('select count(*)::int c from t where at < $1', [new Date('2030-01-01')])).rows,
    ).toEqual([{ c: 3 }]);
    // PostgreSQL cannot type a bare `$1 is null` without a context: prepared, it fails; query() answers.
    const a = await plain.query('select $1::text is null as x', [null]);
    expect((await fast.query('select $1::text is null as x', [null])).rows).toEqual(a.rows);
    expect((await prepared()).length).toBe(before + 1);
  });

  it('throws the statement error query() throws', async () => {
    const err = (db: PGlite) =>
      db.query('select id from t where n = $1', ['not a number']).then(
        () => null,
        (e: Error & { code?: string }) => ({ message: e.message, code: e.code }),
      );
    const a = await err(plain);
    expect(a?.message).toContain('invalid input syntax for type integer');
    expect(await err(fast)).toEqual(a);
  });
});
