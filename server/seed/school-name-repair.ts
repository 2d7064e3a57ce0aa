import type { SchoolRow } from '../modules/players';

/** At most this many uses in the whole directory, and never inside a name or town: a remnant, not a word. */
const RARE_MAX = 3;
/** A completion is a word used at least this often (a town: this many schools in its state). */
const FREQUENT_MIN = 10;
/** Shorter remnants ('Linc', 'Pac') are completed only when the word before them says how. */
const ALONE_MIN = 5;
/** Words that say nothing about the next one ('The Linc' is a Philadelphia school, not 'The Lincoln'). */
const FILLERS = new Set(['the', 'of', 'and', '&', 'at', 'for', 'in', 'on', 'a']);
/** Abbreviations, not cuts (too common for the rule): Texas lists 'Westlake Alter', 'Fort Bend Co Alter'. */
const SPELLED_OUT: Record<string, string> = { alter: 'Alternative', alt: 'Alternative' };

/** One school whose name or town was completed. */
export interface Repair {
  before: SchoolRow;
  after: SchoolRow;
}

type Counts = Map<string, number>;
const bump = (m: Counts, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const wordsOf = (s: string) => s.split(' ').filter(Boolean);

/** How often each word is used (overall and per state), used inside a value, follows another; its usual spelling. */
function vocabulary(rows: SchoolRow[]) {
  const uses: Counts = new Map();
  const inState = new Map<string, Counts>();
  const inner: Counts = new Map();
  const pairs: Counts = new Map();
  const spelling = new Map<string, string>();
  for (const r of rows) {
    const local = inState.get(r.state) ?? inState.set(r.state, new Map()).get(r.state)!;
    for (const value of [r.name, r.city]) {
      const words = wordsOf(value);
      words.forEach((w, i) => {
        const k = w.toLowerCase();
        bump(uses, k);
        bump(local, k);
        if (i < words.length - 1) bump(inner, k);
        if (i > 0) bump(pairs, `${words[i - 1].toLowerCase()} ${k}`);
        if (!spelling.has(k) || w === w[0].toUpperCase() + w.slice(1).toLowerCase()) spelling.set(k, w);
      });
    }
  }
  const frequent = [...uses].filter(([k, n]) => n >= FREQUENT_MIN && /^[a-z]+$/.test(k)).map(([k]) => k);
  return { uses, inState, inner, pairs, spelling, frequent: frequent.sort() };
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

/**
 * The frequent word the remnant starts: the one most often after the same previous word, then the one
 * most used in the school's state ('Southeastern Connec' in CT is Connecticut), then the most used.
 */
function completeWord(v: Vocabulary, word: string, previous: string, state: string) {
  const k = word.toLowerCase();
  const options = extending(v.frequent, k);
  if (options.length === 0) return null;
  const prev = previous.toLowerCase();
  const after = (w: string) => v.pairs.get(`${prev} ${w}`) ?? 0;
  const local = (w: string) => v.inState.get(state)?.get(w) ?? 0;
  const used = (w: string) => v.uses.get(w) ?? 0;
  const best = options.sort(
    (a, b) => after(b) - after(a) || local(b) - local(a) || used(b) - used(a) || a.localeCompare(b),
  )[0];
  if (k.length < ALONE_MIN && (after(best) === 0 || FILLERS.has(prev))) return null;
  // The same two words ending two names, more often than the completion does: a word ('the Environment').
  const asIs = v.pairs.get(`${prev} ${k}`) ?? 0;
  if (asIs >= 2 && asIs >= (v.pairs.get(`${prev} ${best}`) ?? 0)) return null;
  return word + v.spelling.get(best)!.slice(k.length);
}

function repairName(v: Vocabulary, r: SchoolRow) {
  const words = wordsOf(r.name);
  if (words.length < 2) return r.name;
  const last = words[words.length - 1];
  const whole = SPELLED_OUT[last.toLowerCase()];
  const done = whole ?? (isRemnant(v, last) ? completeWord(v, last, words[words.length - 2], r.state) : null);
  if (!done) return r.name;
  const name = [...words.slice(0, -1), done].join(' ');
  // The cut took the closing parenthesis too: '(St. Lucie Virtual Franc' -> '(St. Lucie Virtual Franchise)'.
  return name.split('(').length > name.split(')').length ? `${name})` : name;
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
    const name = repairName(v, r);
    const city = towns.get(`${r.state}|${r.city}`) ?? r.city;
    if (name === r.name && city === r.city) return r;
    const after = { ...r, name, city };
    repairs.push({ before: r, after });
    return after;
  });
  return { rows: repaired, repairs };
}
