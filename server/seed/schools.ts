import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { referenceData, schools } from '../db/schema';
import { upsertSchools, type SchoolRow, schoolSearchText } from '../modules/players';
import { repairSchoolNames } from './school-name-repair';
import { applySchoolRepairs } from './school-repairs-applied';

// Bump when the search text's normalisation or the name repair changes, so existing databases are refreshed once.
const SEARCH_TEXT_VERSION = 1;
const NAME_REPAIR_VERSION = 2;
const DIRECTORY = new URL('./schools-directory.tsv.gz', import.meta.url);
const SUPPLEMENT = new URL('./schools-supplement.tsv', import.meta.url);

/** level (H|C), name, city, state, alias, and for colleges the IPEDS id and website host, per line. */
function parseDirectory(text: string): SchoolRow[] {
  const out: SchoolRow[] = [];
  for (const line of text.split('\n')) {
    const [level, name, city, state, alias, ipedsId, website] = line.split('\t');
    if (!name || !city || !state) continue;
    out.push({
      level: level === 'C' ? 'College' : 'High School',
      name,
      city,
      state,
      alias: alias || null,
      ipedsId: ipedsId ? Number(ipedsId) : null,
      website: website || null,
    });
  }
  return out;
}

/**
 * The whole shipped directory: NCES high schools, IPEDS colleges and the project's short supplement, with
 * the names and towns the public lists cut off completed (decision 207).
 */
export function readSchoolDirectory() {
  const { version, gz, extra } = directoryFiles();
  const raw = [...parseDirectory(gunzipSync(gz).toString('utf8')), ...parseDirectory(extra)];
  return { version, ...repairSchoolNames(raw) };
}

/** The version alone, without unpacking and parsing the directory (every start checks it). */
function directoryFiles() {
  const gz = readFileSync(DIRECTORY);
  const extra = readFileSync(SUPPLEMENT, 'utf8');
  const version = createHash('sha256')
    .update(gz)
    .update(extra)
    .update(`${SEARCH_TEXT_VERSION}:${NAME_REPAIR_VERSION}`)
    .digest('hex')
    .slice(0, 16);
  return { version, gz, extra };
}

/** The version of the shipped directory a database holds once seeded. */
export const schoolDirectoryVersion = () => directoryFiles().version;

/**
 * Loads the school directory when this database does not hold this version of it yet: at first start and
 * at `db:migrate`, a no-op afterwards. Existing schools keep their ids; imported ones stay.
 */
export async function seedSchools(db: Db) {
  const [held] = await db
    .select({ version: referenceData.version })
    .from(referenceData)
    .where(eq(referenceData.name, 'schools'));
  if (held?.version === directoryFiles().version) return { loaded: false, version: held.version };
  const { version, rows, repairs } = readSchoolDirectory();
  await db.transaction(async (tx) => {
    await applySchoolRepairs(tx, repairs);
    await upsertSchools(tx, rows);
    // Schools imported before the search text existed get theirs too.
    const missing = await tx.select().from(schools).where(isNull(schools.searchText));
    for (const s of missing)
      await tx
        .update(schools)
        .set({ searchText: schoolSearchText(s) })
        .where(eq(schools.id, s.id));
    await tx
      .insert(referenceData)
      .values({ name: 'schools', version })
      .onConflictDoUpdate({ target: referenceData.name, set: { version, createdAt: sql`now()` } });
  });
  // Vacuum too: a fresh table's first searches would otherwise set hint bits page by page (decision 190).
  await db.execute(sql`vacuum analyze schools`);
  return { loaded: true, version };
}
