/** Abbreviations a family may type either way round: 'St. John' finds 'Saint John' and back. */
const WORDS: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  mt: 'mount',
  ft: 'fort',
  hs: 'high school',
  acad: 'academy',
  univ: 'university',
  sch: 'school',
  prep: 'preparatory',
  ctr: 'center',
  jr: 'junior',
  sr: 'senior',
};

/** Lower case, no accents or punctuation, '&' as 'and', abbreviations spelled out: the form both sides are compared in. */
export function normaliseSchoolText(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => WORDS[w] ?? w)
    .join(' ');
}

/** ' name | city state | alias ': a leading space before every word, so "like '% word%'" is a word-start match. */
export function schoolSearchText(r: { name: string; city: string; state: string; alias?: string | null }) {
  return ` ${normaliseSchoolText(r.name)} | ${normaliseSchoolText(r.city)} ${r.state.toLowerCase()} | ${normaliseSchoolText(r.alias)} `;
}
