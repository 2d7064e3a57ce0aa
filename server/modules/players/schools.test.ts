import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { US_STATE_CODES } from '../../../contract/constants';
import { schools } from '../../db/schema';
import { seedSchools } from '../../seed/schools';
import {
  as,
  createTestApp,
  createUser,
  isRealPostgres,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { importSchoolFile, parseColleges, parseHighSchools } from './schools-import';
import { titleCase } from './title-case';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  // Test databases hold a sample; this file loads the directory the project ships, as a first start does.
  await seedSchools(t.db);
  user = await createUser(t);
});
afterAll(() => t.close());

const search = (searchTerm: unknown, level: unknown = 'High School', who: TestUser | null = user) =>
  as(t, who, { method: 'POST', url: '/api/schools/search', payload: { searchTerm, level } });

const HS = `Name,City,State
Westlake H S,Austin,Texas
"Lake Travis High School",Austin,Texas
"St Gerard Campus, Inc.",St Augustine,Florida
Kim Fluker Information Technology School,"Slidell,",Louisiana
Roosevelt HS,Washington,District of Columbia
Chinle Boarding School,Chinle,Bureau of Indian Education
`;
const COLLEGES = [
  'NAME;CITY;STATE;STATUS;DEG_GRANT;NAICS_DESC;ALIAS;TOT_ENROLL',
  'UNIVERSITY OF CALIFORNIA-LOS ANGELES;LOS ANGELES;CA;A;1;COLLEGES, UNIVERSITIES, AND PROFESSIONAL SCHOOLS;UCLA;44000',
  'TEXAS A & M UNIVERSITY-COLLEGE STATION;COLLEGE STATION;TX;A;1;COLLEGES, UNIVERSITIES, AND PROFESSIONAL SCHOOLS;TEXAS A&M | TAMU;66000',
  'MCLENNAN COMMUNITY COLLEGE;WACO;TX;A;1;JUNIOR COLLEGES;NOT AVAILABLE;8000',
  'TEXAS BEAUTY COLLEGE;AUSTIN;TX;A;2;COSMETOLOGY AND BARBER SCHOOLS;;100',
  'CLOSED COLLEGE;DALLAS;TX;C;1;COLLEGES, UNIVERSITIES, AND PROFESSIONAL SCHOOLS;;0',
].join('\r\n');

describe('the shipped school directory', () => {
  it('covers every state at both levels, from the file inside the project', async () => {
    const [all] = await t.db.select({ n: count() }).from(schools);
    expect(all.n).toBeGreaterThan(29_000);
    for (const level of ['High School', 'College']) {
      const rows = await t.db
        .selectDistinct({ state: schools.state })
        .from(schools)
        .where(eq(schools.level, level));
      const states = new Set(rows.map((r) => r.state));
      expect(US_STATE_CODES.filter((s) => !states.has(s))).toEqual([]);
    }
  });

  it('loads once: a second start or db:migrate changes nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(schools);
    expect((await seedSchools(t.db)).loaded).toBe(false);
    const [after] = await t.db.select({ n: count() }).from(schools);
    expect(after.n).toBe(before.n);
  });

  it('finds the schools families look for, with their town and state', async () => {
    const names = async (term: string, level = 'High School') => (await search(term, level)).json<any[]>();
    expect(await names('Austin')).toEqual(
      expect.arrayContaining([{ name: 'Austin High School', city: 'Austin', state: 'TX' }]),
    );
    const jefferson = await names('Jefferson');
    expect(jefferson).toHaveLength(20);
    expect(jefferson.every((s) => s.name.startsWith('Jefferson'))).toBe(true);
    expect(await names('thomas jefferson')).toContainEqual({
      name: 'Thomas Jefferson High School',
      city: 'Dallas',
      state: 'TX',
    });
    expect(await names('Mater Dei')).toEqual(
      expect.arrayContaining([{ name: 'Mater Dei High School', city: 'Santa Ana', state: 'CA' }]),
    );
    expect(await names('IMG')).toEqual(
      expect.arrayContaining([{ name: 'IMG Academy', city: 'Bradenton', state: 'FL' }]),
    );
    expect(await names('Stanford', 'College')).toEqual(
      expect.arrayContaining([
        { name: 'Stanford University', city: 'Stanford', state: 'CA', ipedsId: 243744 },
      ]),
    );
    const westlake = await names('westlake austin');
    expect(westlake).toContainEqual({ name: 'Westlake High School', city: 'Austin', state: 'TX' });
    expect(westlake.every((s) => s.city === 'Austin')).toBe(true);
  });

  it('shows names and towns the public lists cut off completed (decision 207)', async () => {
    const names = async (term: string, level = 'High School') => (await search(term, level)).json<any[]>();
    expect(await names('Pittsburgh Science')).toContainEqual(
      expect.objectContaining({
        name: 'Pittsburgh Science and Technology Academy',
        city: 'Pittsburgh',
        state: 'PA',
      }),
    );
    expect(await names('westlake alter')).toContainEqual(
      expect.objectContaining({
        name: 'Westlake Alternative',
        city: 'Austin',
        state: 'TX',
      }),
    );
    expect(await names('Ohio Business College-Hilliard', 'College')).toEqual([
      expect.objectContaining({ name: 'Ohio Business College-Hilliard', city: 'Columbus', state: 'OH' }),
    ]);
    expect(await names('The Linc')).toContainEqual(
      expect.objectContaining({ name: 'The Linc', city: 'Philadelphia', state: 'PA' }),
    );
    const cut = await t.db
      .select()
      .from(schools)
      .where(sql`${schools.name} ~ ' (Academ|Alter|Schoo)$'`);
    expect(cut.map((s) => s.name)).toEqual([]);
  });

  it("reads 'St.' as 'Saint' and the other way round", async () => {
    const stJohn = (await search('St. John Bosco')).json();
    expect(stJohn).toEqual(
      expect.arrayContaining([{ name: 'St John Bosco High School', city: 'Bellflower', state: 'CA' }]),
    );
    const saint = (await search('Saint Thomas Aquinas')).json().map((s: any) => s.name);
    expect(saint).toContain('St Thomas Aquinas High School');
    const college = (await search('St. Marys College', 'College')).json().map((s: any) => s.name);
    expect(college).toContain("Saint Mary's College of California");
  });
});

describe('school search', () => {
  it('puts names starting with the term first, then the rest alphabetically', async () => {
    const res = await search('westlake');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((s: any) => s.name);
    expect(names[0]).toMatch(/^Westlake /);
    expect(res.json()).toContainEqual({ name: 'Westlake High School', city: 'Austin', state: 'TX' });
    const firstNonPrefix = names.findIndex((n: string) => !n.toLowerCase().startsWith('westlake'));
    if (firstNonPrefix >= 0)
      expect(names.slice(firstNonPrefix).every((n: string) => !n.toLowerCase().startsWith('westlake'))).toBe(
        true,
      );
  });

  it('answers at most 20 schools of the chosen level', async () => {
    const res = await search('high');
    expect(res.json()).toHaveLength(20);
    const colleges = (await search('university', 'College')).json();
    expect(colleges.length).toBeGreaterThan(0);
    expect(colleges.every((s: any) => /university/i.test(s.name))).toBe(true);
    expect((await search('westlake high', 'College')).json()).toEqual([]);
  });

  it('finds a college by its alias and a school by a word inside its name', async () => {
    expect((await search('ucla', 'College')).json().map((s: any) => s.name)).toContain(
      'University of California-Los Angeles',
    );
    expect((await search('estlake hi')).json().map((s: any) => s.name)).toContain('Westlake High School');
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search('%%')).json()).toEqual([]);
    expect((await search('__')).json()).toEqual([]);
  });

  it('refuses fewer than 2 characters or a missing level with 400, and answers visitors (a coach applying)', async () => {
    expect((await search('w')).statusCode).toBe(400);
    expect((await search(' w ')).statusCode).toBe(400);
    expect((await search('we', 'Middle School')).statusCode).toBe(400);
    const visitor = await search('ucla', 'College', null);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().map((s: any) => s.name)).toContain('University of California-Los Angeles');
  });
});

describe('schools:import', () => {
  it('reads high schools with full state names and the semicolon college directory', () => {
    const hs = parseHighSchools(HS);
    expect(hs).toEqual(
      expect.arrayContaining([
        { level: 'High School', name: 'Westlake High School', city: 'Austin', state: 'TX' },
        { level: 'High School', name: 'St Gerard Campus, Inc.', city: 'St Augustine', state: 'FL' },
        {
          level: 'High School',
          name: 'Kim Fluker Information Technology School',
          city: 'Slidell',
          state: 'LA',
        },
        { level: 'High School', name: 'Roosevelt High School', city: 'Washington', state: 'DC' },
      ]),
    );
    expect(hs.find((s) => s.name.includes('Chinle'))).toBeUndefined();
    const co = parseColleges(COLLEGES);
    expect(co).toEqual([
      {
        level: 'College',
        name: 'University of California-Los Angeles',
        city: 'Los Angeles',
        state: 'CA',
        alias: 'UCLA',
      },
      {
        level: 'College',
        name: 'Texas A & M University-College Station',
        city: 'College Station',
        state: 'TX',
        alias: 'TEXAS A&M | TAMU',
      },
      { level: 'College', name: 'McLennan Community College', city: 'Waco', state: 'TX', alias: null },
    ]);
  });

  it('title-cases upper-case names and keeps acronyms', () => {
    expect(titleCase('SUNY COLLEGE AT OLD WESTBURY')).toBe('SUNY College at Old Westbury');
    expect(titleCase("SAINT MARY'S COLLEGE OF CALIFORNIA")).toBe("Saint Mary's College of California");
    expect(titleCase('THE UNIVERSITY OF TEXAS AT AUSTIN')).toBe('The University of Texas at Austin');
    expect(titleCase("D'YOUVILLE COLLEGE")).toBe("D'Youville College");
  });

  it('can be run twice without duplicating a school', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'schools-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const hsFile = path.join(dir, 'hs.csv');
    const coFile = path.join(dir, 'co.csv');
    writeFileSync(hsFile, HS);
    writeFileSync(coFile, COLLEGES);
    await importSchoolFile(t.db, hsFile);
    await importSchoolFile(t.db, coFile);
    const [once] = await t.db.select({ n: count() }).from(schools);
    const again = await importSchoolFile(t.db, coFile);
    await importSchoolFile(t.db, hsFile);
    const [twice] = await t.db.select({ n: count() }).from(schools);
    expect(twice.n).toBe(once.n);
    expect(again.total).toBe(once.n);
    await expect(importSchoolFile(t.db, path.join(dir, 'missing.csv'))).rejects.toThrow();
    writeFileSync(path.join(dir, 'bad.csv'), 'a;b;c\n1;2;3\n');
    await expect(importSchoolFile(t.db, path.join(dir, 'bad.csv'))).rejects.toThrow(
      /Unrecognised school file/,
    );
  });
});

describe('the shipped directory at full size', () => {
  it('answers searches from the indexes', async () => {
    const terms = ['we', 'westlake', 'lincoln', 'saint', 'high', 'tech', 'ucla', 'zz'];
    const t0 = Date.now();
    for (const term of terms) {
      for (const level of ['High School', 'College']) {
        const res = await search(term, level);
        expect(res.statusCode).toBe(200);
        expect(res.json().length).toBeLessThanOrEqual(20);
      }
    }
    console.log(`${terms.length * 2} searches in ${Date.now() - t0} ms`);
    const lincoln = (await search('lincoln')).json();
    expect(lincoln).toHaveLength(20);
    expect(lincoln.every((s: any) => s.name.toLowerCase().startsWith('lincoln'))).toBe(true);
    expect(lincoln.map((s: any) => s.name)).toEqual(
      [...lincoln.map((s: any) => s.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );

    if (isRealPostgres()) {
      const plan = async (q: ReturnType<typeof sql>) =>
        ((await t.db.execute(sql`explain ${q}`)).rows as any[]).map((row) => row['QUERY PLAN']).join('\n');
      expect(
        await plan(
          sql`select name from schools where level = 'High School' and search_text like ' westl%' order by lower(name) limit 20`,
        ),
      ).toContain('schools_search_prefix_idx');
      expect(
        await plan(
          sql`select name from schools where level = 'High School' and search_text like '% jefferson%'`,
        ),
      ).toContain('schools_search_trgm_idx');
    }
  });
});
