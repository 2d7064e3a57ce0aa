import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { placeholderCount, PreparedReadsPGlite, toLiteral } from './pglite-prepared';
import { describeInPgliteRun } from '../test/passes';

// Embedded PGlite itself, whatever the pass: run in the PGlite pass only (decision 339).

/** Decision 213: reads on PGlite as prepared statements answer exactly what query() answers. */
let plain: PGlite;
let fast: PGlite;

beforeAll(async () => {
  plain = await PGlite.create();
  fast = new PreparedReadsPGlite();
  await fast.waitReady;
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

describeInPgliteRun('PGlite reads as prepared statements (decision 213)', () => {
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

/**
 * Issue 53: no value passed through the prepared path changes what the statement means. Each value goes
 * to both databases in the same statement: the prepared path writes it into SQL text (`EXECUTE
 * name('…')`), query() binds it. The rows, the fields and any error must be the same, and a value read
 * back as text must be the value sent (with a marker after it and a second value beside it, so a quote,
 * a comment or a placeholder that escaped its literal would show).
 */
describeInPgliteRun('no value changes what a prepared read means (property)', () => {
  // Text that tries every way out of a literal: quotes, backslashes, comments, placeholders, dollar quotes.
  const hostile = fc.constantFrom(
    "'",
    "''",
    '"',
    '\\',
    "\\'",
    '$1',
    '$2',
    '$$',
    '$a$',
    '--',
    '/*',
    '*/',
    ';',
    '\n',
    '\r',
    '\t',
    ' ',
    'E',
    ')',
    '(',
    ',',
    'NULL',
    'select 1',
  );
  const text = fc
    .array(fc.oneof(hostile, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), {
      maxLength: 8,
    })
    .map((parts) => parts.join(''))
    .filter((s) => !s.includes('\0'));
  const scalar = fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    fc.boolean(),
    fc.constant(null),
  );
  // The values query() takes that the prepared path leaves to it: arrays, dates, JSON.
  const other = fc.oneof(
    fc.array(text, { maxLength: 4 }),
    // Years 1000-9999: PGlite's own serializer writes later ones as +010000-… (refused by PostgreSQL)
    // and its parser reads years below 100 as 19xx; both paths agree on those too.
    fc.date({
      noInvalidDate: true,
      min: new Date('1000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
    }),
    fc.dictionary(text, fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 4 }),
  );
  const asText = (v: unknown) => (v === null ? null : String(v));
  /** Not a string with a lone surrogate (a code point of the surrogate category, as `u` reads it). */
  const wellFormed = (v: unknown) => typeof v !== 'string' || !/\p{Cs}/u.test(v);

  const outcome = (db: PGlite, sql: string, params: unknown[]) =>
    db.query(sql, params, { rowMode: 'array' }).then(
      (r) => ({ rows: r.rows, fields: r.fields.map((f) => f.name) }),
      (e: Error) => ({ error: e.message }),
    );

  it('a scalar read back as text is the value sent, the statement around it intact', async () => {
    await fc.assert(
      fc.asyncProperty(scalar, scalar, async (a, b) => {
        const sql = "select $1::text as a, 'end' as marker, $2::text as b -- $2 ' /*\n, 1 as one";
        const got = await outcome(fast, sql, [a, b]);
        expect(got).toEqual(await outcome(plain, sql, [a, b]));
        // Text PostgreSQL cannot hold (a lone surrogate) comes back replaced, as query() does too.
        if (wellFormed(a) && wellFormed(b))
          expect(got).toEqual({
            rows: [[asText(a), 'end', asText(b), 1]],
            fields: ['a', 'marker', 'b', 'one'],
          });
      }),
      { numRuns: 300 },
    );
    // The values went the prepared way (a statement of this text is prepared), not to query().
    const held = await fast.query<{ statement: string }>('select statement from pg_prepared_statements');
    expect(held.rows.some((r) => r.statement.includes("'end' as marker"))).toBe(true);
  });

  it('a value compared, matched and counted in a table means what it means to query()', async () => {
    const statements = [
      'select id, name from t where name = $1 order by id',
      'select count(*)::int from t where name is distinct from $1',
      'select id from t where name like $1 order by id',
      'select $1::text = name as same, n from t order by id',
      "select coalesce($1::text, 'none') || '|' || coalesce(name, '') from t order by id",
      'select id from t where n::text = $1 or flag::text = $1 order by id',
      'with x as (select $1::text as v) select v, length(v) from x',
      'select id from t where v = $1 order by id',
      'select n + $1 from t order by id',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...statements), scalar, async (sql, v) => {
        expect(await outcome(fast, sql, [v])).toEqual(await outcome(plain, sql, [v]));
      }),
      { numRuns: 400 },
    );
  });

  it('arrays, dates and JSON (left to query()) come back as sent', async () => {
    await fc.assert(
      fc.asyncProperty(other, async (v) => {
        const sql = Array.isArray(v)
          ? 'select $1::text[] as v'
          : v instanceof Date
            ? 'select $1::timestamptz as v'
            : 'select $1::jsonb as v';
        const got = await outcome(fast, sql, [v]);
        expect(got).toEqual(await outcome(plain, sql, [v]));
        // JSON.stringify writes a lone surrogate as an escape (`\\udXXX`).
        if (/\\ud[89a-f]/i.test(JSON.stringify(v))) return;
        expect(got).toEqual({ rows: [[v]], fields: ['v'] });
      }),
      { numRuns: 200 },
    );
  });
});
