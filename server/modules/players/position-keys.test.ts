import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helpers';
import { positionKeys } from './position-keys';

// Decision 223: the library names a video's position from kept keys.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('kept position keys', () => {
  it("answer every seeded position's key, and read the table again for an id they do not hold", async () => {
    const seeded = await t.db.select({ id: positions.id, key: positions.key }).from(positions);
    const keys = await positionKeys(
      t.db,
      seeded.map((p) => p.id),
    );
    expect(Object.fromEntries(keys)).toEqual(Object.fromEntries(seeded.map((p) => [p.id, p.key])));
    expect(await positionKeys(t.db, [null])).toBe(keys);

    const [added] = await t.db
      .insert(positions)
      .values({ key: 'LS', name: 'Long Snapper' })
      .returning({ id: positions.id });
    try {
      expect((await positionKeys(t.db, [added.id])).get(added.id)).toBe('LS');
    } finally {
      await t.db.delete(positions).where(sql`${positions.id} = ${added.id}`);
    }
  });
});
