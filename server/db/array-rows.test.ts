import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../test/helpers';
import { createPlayer } from '../modules/analysis/analysis.fixtures';
import { columnsOf, preparedArrays } from './array-rows';
import { players } from './schema';

// Decision 223: lists read as arrays give exactly the rows a Drizzle select gives, on both drivers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('statements read as arrays', () => {
  const statement = preparedArrays<{ a: number; b: string }>(
    sql`select ${sql.placeholder('a')}::int as a, ${sql.placeholder('b')}::text as b, now() as at`,
  );

  it("answer each row as the driver's values in the select's order, timestamps as PostgreSQL's text", async () => {
    const [row] = await statement(t.db)({ a: 7, b: 'seven' });
    expect(row.slice(0, 2)).toEqual([7, 'seven']);
    expect(row[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d/);
    // Built once per database, and answering each call's values.
    expect(statement(t.db)).toBe(statement(t.db));
    expect((await statement(t.db)({ a: 8, b: "it's" }))[0].slice(0, 2)).toEqual([8, "it's"]);
  });

  it("read back a table's columns as the Drizzle select of the same row, at any offset", async () => {
    const family = await createUser(t);
    const { id } = await createPlayer(t, family);
    await t.db.update(players).set({ gpa: 3.75, secondaryPositionId: null }).where(eq(players.id, id));
    const [expected] = await t.db.select().from(players).where(eq(players.id, id));
    const columns = columnsOf(players);
    const read = preparedArrays<{ id: number }>(
      sql`select 'before', ${columns.select} from ${players} where ${players.id} = ${sql.placeholder('id')}`,
    );
    const [row] = await read(t.db)({ id });
    expect(row[0]).toBe('before');
    expect(columns.read(row, 1)).toEqual(expected);
    expect(columns.count).toBe(Object.keys(expected).length);
    expect(row[1 + columns.indexOf('createdAt')]).toMatch(/^\d{4}-\d\d-\d\d /);
  });
});
