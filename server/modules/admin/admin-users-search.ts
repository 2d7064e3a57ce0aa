import { and, like, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * What the admin search asks the trigram index for (decision 219). A GIN scan of `LIKE '%term%'` walks
 * the list of every trigram of the term; a trigram nearly every user holds costs a list of every user and
 * narrows nothing. So the index is asked only for the term's rare trigrams, judged on a sample of users,
 * and each candidate row is checked for the whole term. Tests may change these settings.
 */
export const RARE_TRIGRAMS = {
  /** Below this many users every trigram's list is short: the plain statement. */
  minUsers: 20_000,
  /** A sample serves this long; the first search after it takes a new one. */
  maxAgeMs: 5 * 60_000,
  /** Table pages a sample reads: about 2,000 users at the bench's 38 a page. */
  samplePages: 50,
  /** The index is asked for trigrams only if one is this rare: at most 10,000 candidates a million users. */
  rareShare: 0.01,
  /** Beside a rare one, trigrams up to this share are asked for too: a short list that can only narrow. */
  narrowShare: 0.2,
  most: 6,
};

export interface TrigramSample {
  /** The table's users, estimated from the sample (exact when it read every page). */
  users: number;
  rows: number;
  /** Sample rows holding each trigram of the two kinds a term can ask for (`abc`, and `ab ` ending a word). */
  counts: Map<string, number>;
  /** The database's lower() turns ASCII capitals into ASCII small letters (not so in a Turkish locale). */
  asciiLower: boolean;
}

const ASKABLE = /^[a-z0-9]{2}[a-z0-9 ]$/;
/** Characters that are never part of a pg_trgm word and mean themselves in a LIKE pattern (not `%`, `_`, `\`). */
const WORD_END = /^[a-z0-9]{2}[ !"#$&'()*+,\-./:;<=>?@[\]^`{|}~]$/;

/** The sample's trigram counts, as pg_trgm extracts them (words of letters and digits, a space after each). */
export function sampleOf(texts: string[], users: number, asciiLower = true): TrigramSample {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const held = new Set<string>();
    for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
      const padded = `${word} `;
      for (let i = 0; i + 3 <= padded.length; i++) held.add(padded.slice(i, i + 3));
    }
    for (const t of held) if (ASKABLE.test(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return { users, rows: texts.length, counts, asciiLower };
}

/**
 * The trigrams of `LIKE '%<term>%'` that a pattern can ask for alone, by trigram: `abc` for three letters
 * or digits (pattern `abc`), `ab ` for two that end a word at a space or punctuation (pattern `ab@`). Each
 * pattern is a substring of the database's lower(term), so every row holding the term matches it;
 * characters whose lower() may differ by locale are left out.
 */
export function termTrigrams(term: string, asciiLower: boolean): Map<string, string> {
  const s = asciiLower ? term.replace(/[A-Z]/g, (c) => c.toLowerCase()) : term;
  const found = new Map<string, string>();
  for (let i = 0; i + 3 <= s.length; i++) {
    const w = s.slice(i, i + 3);
    const trigram = /^[a-z0-9]{3}$/.test(w) ? w : WORD_END.test(w) ? `${w.slice(0, 2)} ` : null;
    if (trigram && !found.has(trigram)) found.set(trigram, w);
  }
  return found;
}

/**
 * The patterns to ask the index for, rarest first: none unless one is rare (then the plain statement,
 * whose scan intersects every list), else those up to `narrowShare`, at most `most`.
 */
export function chooseTrigrams(term: string, sample: TrigramSample): string[] {
  if (!sample.rows) return [];
  const shares = [...termTrigrams(term, sample.asciiLower)]
    .map(([trigram, pattern]) => ({ pattern, share: (sample.counts.get(trigram) ?? 0) / sample.rows }))
    .sort((a, b) => a.share - b.share);
  if (!shares.length || shares[0].share > RARE_TRIGRAMS.rareShare) return [];
  return shares
    .filter((t) => t.share <= RARE_TRIGRAMS.narrowShare)
    .slice(0, RARE_TRIGRAMS.most)
    .map((t) => t.pattern);
}

async function takeSample(db: DbOrTx): Promise<TrigramSample> {
  const size = await db.execute<{ pages: number; ascii_lower: boolean }>(sql`
    select (pg_relation_size('users') / current_setting('block_size')::int)::int as pages,
      lower('ABCDEFGHIJKLMNOPQRSTUVWXYZ') = 'abcdefghijklmnopqrstuvwxyz' as ascii_lower`);
  const { pages, ascii_lower } = size.rows[0];
  // SYSTEM reads whole pages picked at random: a few milliseconds, where a row-level sample reads the table.
  const percent = Math.min(100, (100 * RARE_TRIGRAMS.samplePages) / Math.max(1, pages));
  const rows = await db.execute<{ search_text: string }>(
    sql`select search_text from ${users} tablesample system (${percent})`,
  );
  const texts = rows.rows.map((r) => r.search_text);
  return sampleOf(texts, Math.round((texts.length * 100) / percent), ascii_lower);
}

let kept = new WeakMap<object, { at: number; sample: Promise<TrigramSample> }>();

/** The database's sample, taken again once older than `maxAgeMs`; searches at the same time share one. */
export function trigramSample(db: DbOrTx, now = Date.now()): Promise<TrigramSample> {
  const held = kept.get(db);
  if (held && now - held.at < RARE_TRIGRAMS.maxAgeMs) return held.sample;
  const entry = { at: now, sample: takeSample(db) };
  kept.set(db, entry);
  entry.sample.catch(() => {
    if (kept.get(db) === entry) kept.delete(db);
  });
  return entry.sample;
}

/** Tests: the next search takes a new sample. */
export function forgetTrigramSamples() {
  kept = new WeakMap();
}

/**
 * The search as the index should see it: the rare trigrams' patterns, then the whole term per candidate
 * (`strpos` of the lower-cased term: the plain LIKE's substring match, with nothing to escape). Undefined
 * when the plain statement serves as well (a small table, no rare trigram).
 */
export async function rareTrigramSearch(db: DbOrTx, term: string): Promise<SQL | undefined> {
  const sample = await trigramSample(db);
  if (sample.users < RARE_TRIGRAMS.minUsers) return undefined;
  const patterns = chooseTrigrams(term, sample);
  if (!patterns.length) return undefined;
  return and(
    ...patterns.map((p) => like(users.searchText, `%${p}%`)),
    sql`strpos(${users.searchText}, lower(${term})) > 0`,
  );
}
