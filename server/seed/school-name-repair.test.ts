import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, positions, schools } from '../db/schema';
import { upsertSchools, type SchoolRow } from '../modules/players';
import { as, createTestApp, createUser, type TestApp } from '../test/helpers';
import { repairSchoolNames } from './school-name-repair';
import { applySchoolRepairs } from './school-repairs-applied';

const hs = (name: string, city: string, state: string): SchoolRow => ({
  level: 'High School',
  name,
  city,
  state,
});
const college = (name: string, city: string, state: string): SchoolRow => ({
  level: 'College',
  name,
  city,
  state,
});
const many = (n: number, make: (i: number) => SchoolRow) => Array.from({ length: n }, (_, i) => make(i));

/** A small directory with the public lists' habits: frequent words and towns, and a few cut ones. */
const DIRECTORY: SchoolRow[] = [
  ...many(12, (i) => hs(`Example ${i} Technology Academy`, 'Pittsburgh', 'PA')),
  ...many(10, (i) => hs(`Virtual Franchise ${i}`, 'Port St. Lucie', 'FL')),
  hs('Mosaic Digital Academy Upper School (St. Lucie Virtual Franc', 'Port St. Lucie', 'FL'),
  ...many(12, (i) => college(`Capital College ${i}`, 'Columbus', 'OH')),
  ...many(10, (i) => hs(`Lincoln ${i} High School`, 'Austin', 'TX')),
  ...many(2, (i) => hs(`The Lincoln School ${i}`, 'Philadelphia', 'PA')),
  ...many(10, (i) => hs(`Environmental Studies Academy ${i}`, 'Brooklyn', 'NY')),
  hs('Pittsburgh Science and Technology Academ', 'Pittsburgh', 'PA'),
  college('Ohio Business College-Hilliard', 'Columbu', 'OH'),
  hs('Westlake Alter', 'Austin', 'TX'),
  hs('Westlake High School', 'Austin', 'TX'),
  hs('The Linc', 'Philadelphia', 'PA'),
  hs('Academy for Conservation and the Environment', 'Brooklyn', 'NY'),
  hs('Brooklyn Academy of Science and the Environment', 'Brooklyn', 'NY'),
];
const named = (rows: SchoolRow[], start: string) => rows.find((r) => r.name.startsWith(start))!;

describe('cut school names and towns', () => {
  const { rows, repairs } = repairSchoolNames(DIRECTORY);

  it("completes a rare last word that starts a frequent one: 'Academ', 'Columbu', and spells out 'Alter'", () => {
    expect(named(rows, 'Pittsburgh Science').name).toBe('Pittsburgh Science and Technology Academy');
    expect(named(rows, 'Ohio Business')).toMatchObject({
      name: 'Ohio Business College-Hilliard',
      city: 'Columbus',
    });
    expect(named(rows, 'Westlake Alt').name).toBe('Westlake Alternative');
    expect(named(rows, 'Mosaic').name).toBe(
      'Mosaic Digital Academy Upper School (St. Lucie Virtual Franchise)',
    );
    expect(
      repairs.map((r) => `${r.before.name}, ${r.before.city} -> ${r.after.name}, ${r.after.city}`),
    ).toEqual([
      'Mosaic Digital Academy Upper School (St. Lucie Virtual Franc, Port St. Lucie -> Mosaic Digital Academy Upper School (St. Lucie Virtual Franchise), Port St. Lucie',
      'Pittsburgh Science and Technology Academ, Pittsburgh -> Pittsburgh Science and Technology Academy, Pittsburgh',
      'Ohio Business College-Hilliard, Columbu -> Ohio Business College-Hilliard, Columbus',
      'Westlake Alter, Austin -> Westlake Alternative, Austin',
    ]);
  });

  it('leaves normal names alone: whole words, a short name after "the", a word two names end with', () => {
    for (const name of [
      'Westlake High School',
      'The Linc',
      'Academy for Conservation and the Environment',
      'Brooklyn Academy of Science and the Environment',
      'Lincoln 3 High School',
    ])
      expect(rows.map((r) => r.name)).toContain(name);
    expect(rows.filter((r) => r.city === 'Columbus')).toHaveLength(13);
    expect(repairSchoolNames(rows).repairs).toEqual([]);
  });
});

describe('a database loaded before the repair', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('drops the cut school and shows the completed name to a family that picked it', async () => {
    const family = await createUser(t);
    const cut = hs('Westlake Alter', 'Austin', 'TX');
    await upsertSchools(t.db, [cut]);
    const [wr] = await t.db.select().from(positions).where(eq(positions.key, 'WR'));
    const [player] = await t.db
      .insert(players)
      .values({
        userId: family.id,
        firstName: 'Sam',
        lastName: 'Cut',
        primaryPositionId: wr.id,
        level: cut.level,
        school: cut.name,
        schoolCity: cut.city,
        schoolState: cut.state,
        graduationYear: 2028,
        heightInches: 70,
        weight: 170,
      })
      .returning();
    const { rows, repairs } = repairSchoolNames(DIRECTORY);
    await t.db.transaction(async (tx) => {
      expect(await applySchoolRepairs(tx, repairs)).toBe(1);
      await upsertSchools(tx, rows);
    });

    const shown = await as(t, family, { method: 'GET', url: `/api/players/${player.id}` });
    expect(shown.json()).toMatchObject({ school: 'Westlake Alternative', schoolCity: 'Austin' });
    const search = await as(t, family, {
      method: 'POST',
      url: '/api/schools/search',
      payload: { searchTerm: 'Westlake Al', level: 'High School' },
    });
    expect(search.json()).toEqual([
      expect.objectContaining({ name: 'Westlake Alternative', city: 'Austin', state: 'TX' }),
    ]);
    expect(await t.db.select().from(schools).where(eq(schools.name, 'Westlake Alter'))).toEqual([]);
  });
});
