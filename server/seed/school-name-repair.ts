import type { SchoolRow } from '../modules/players';

/** At most this many uses in the whole directory, and never inside a name or town: a remnant, not a word. */
const RARE_MAX = 3;
/** A completion is a word used at least this often (a town: this many schools in its state). */
const FREQUENT_MIN = 10;
/** Shorter remnants ('Den', 'Pac') are completed only when the word before them says how. */
const ALONE_MIN = 5;
/** Abbreviations, not cuts (too common for the rule): Texas lists 'Westlake Alter', 'Fort Bend Co Alter'. */
const SPELLED_OUT: Record<string, string> = { alter: 'Alternative', alt: 'Alternative' };

export interface Repair {
  field: 'name' | 'city';
  from: string;
  to: string;
}

type Counts = Map<string, number>;
const bump = (m: Counts, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const wordsOf = (s: string) => s.split(' ').filter(Boolean);

/** How often each word is used, used inside a value, follows another, and its usual spelling. */
function vocabulary(rows: SchoolRow[]) {
  const uses: Counts = new Map();
  const inner: Counts = new Map();
  const pairs: Counts = new Map();
  const spelling = new Map<string, string>();
  for (const r of rows) {
    for (const value of [r.name, r.city]) {
      const words = wordsOf(value);
      words.forEach((w, i) => {
        const k = w.toLowerCase();
        bump(uses, k);
        if (i < words.length - 1) bump(inner, k);
        if (i > 0) bump(pairs, `${words[i - 1].toLowerCase()} ${k}`);
        if (!spelling.has(k) || w === w[0].toUpperCase() + w.slice(1).toLowerCase()) spelling.set(k, w);
      });
    }
  }
  const frequent = [...uses].filter(([k, n]) => n >= FREQUENT_MIN && /^[a-z]+$/.test(k)).map(([k]) => k);
  return { uses, inner, pairs, spelling, frequent: frequent.sort() };
}

type Vocabulary = ReturnType<typeof vocabulary>;

/** The entries of a sorted list that start with `prefix` and are longer (a binary search: called thousands of times). */
function extending(sorted: string[], prefix: string) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < sorted.length && sorted[i].startsWith(prefix); i += 1) out.push(sorted[i]);
  return out;
}

/** A last word that may have been cut: letters only, not an acronym, rare, never seen inside a value. */
function isRemnant(v: Vocabulary, word: string) {
  const k = word.toLowerCase();
  return (
    /^[A-Za-z]{3,}$/.test(word) &&
    word !== word.toUpperCase() &&
    (v.uses.get(k) ?? 0) <= RARE_MAX &&
    !v.inner.has(k)
  );
}

/** The frequent word the remnant starts: the one most often after the same previous word, else the most used. */
function completeWord(v: Vocabulary, word: string, previous: string | undefined) {
  const k = word.toLowerCase();
  const options = extending(v.frequent, k);
  if (options.length === 0) return null;
  const after = (w: string) => (previous ? (v.pairs.get(`${previous.toLowerCase()} ${w}`) ?? 0) : 0);
  const used = (w: string) => v.uses.get(w) ?? 0;
  const best = options.sort((a, b) => after(b) - after(a) || used(b) - used(a) || a.localeCompare(b))[0];
  if (after(best) === 0 && k.length < ALONE_MIN) return null;
  return word + v.spelling.get(best)!.slice(k.length);
}

function repairName(v: Vocabulary, name: string) {
  const words = wordsOf(name);
  if (words.length < 2) return name;
  const last = words[words.length - 1];
  const whole = SPELLED_OUT[last.toLowerCase()];
  const done = whole ?? (isRemnant(v, last) ? completeWord(v, last, words[words.length - 2]) : null);
  return done ? [...words.slice(0, -1), done].join(' ') : name;
}

/** Towns per state: 'Columbu, OH' is completed to the state's frequent 'Columbus', not to any word. */
function townRepairs(rows: SchoolRow[], v: Vocabulary) {
  const schools: Counts = new Map();
  for (const r of rows) bump(schools, `${r.state}|${r.city}`);
  const frequent = [...schools]
    .filter(([, n]) => n >= FREQUENT_MIN)
    .map(([k]) => k)
    .sort();
  const out = new Map<string, string>();
  for (const key of schools.keys()) {
    const [state, city] = key.split('|');
    const last = wordsOf(city).at(-1) ?? '';
    if (!isRemnant(v, last)) continue;
    const options = extending(frequent, key).filter((k) => /^[a-z]+$/i.test(k.slice(key.length)));
    if (options.length === 0) continue;
    const best = options.sort((a, b) => schools.get(b)! - schools.get(a)!)[0];
    out.set(key, best.slice(state.length + 1));
  }
  return out;
}

/**
 * Completes the words the public lists cut off ('Pittsburgh Science and Technology Academ', a college in
 * 'Columbu, OH'): a last word that is rare in the directory and the start of a frequent word (decision 207).
 */
export function repairSchoolNames(rows: SchoolRow[]): { rows: SchoolRow[]; repairs: Repair[] } {
  const v = vocabulary(rows);
  const towns = townRepairs(rows, v);
  const repairs: Repair[] = [];
  const repaired = rows.map((r) => {
    const name = repairName(v, r.name);
    const city = towns.get(`${r.state}|${r.city}`) ?? r.city;
    if (name !== r.name) repairs.push({ field: 'name', from: r.name, to: name });
    if (city !== r.city) repairs.push({ field: 'city', from: r.city, to: city });
    return name === r.name && city === r.city ? r : { ...r, name, city };
  });
  return { rows: repaired, repairs };
}
