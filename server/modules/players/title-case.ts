const SMALL = new Set(['of', 'and', 'the', 'at', 'in', 'for', 'on', 'de', 'del', 'y', 'en']);
const ACRONYMS = new Set([
  'SUNY',
  'BOCES',
  'LIU',
  'UTI',
  'ITT',
  'DBA',
  'USA',
  'NYC',
  'MCPHS',
  'CUNY',
  'UNC',
  'UCLA',
  'USC',
  'LSU',
  'TCU',
  'SMU',
  'UAB',
  'UT',
  'MIT',
  'CSU',
  'SIU',
  'NYU',
  'UCSF',
  'IUPUI',
  'DC',
  'UW',
  'UC',
  'PA',
]);
const ROMAN = /^(I|II|III|IV|V|VI|VII|VIII|IX|X)$/;

function word(w: string, first: boolean): string {
  if (!w) return w;
  const lower = w.toLowerCase();
  const letters = w.replace(/[^A-Za-z]/g, '');
  if (ACRONYMS.has(w) || ROMAN.test(w) || w.includes('&')) return w;
  // No vowel at all reads as an acronym (BMCC, DLP); single letters are initials (Texas A & M).
  if (letters.length > 1 && !/[AEIOUY]/.test(letters)) return w;
  if (letters.length === 1 && w.length <= 2) return w;
  if (!first && SMALL.has(lower)) return lower;
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  let out = cap(lower);
  if (/^mc[a-z]{2,}/.test(lower)) out = `Mc${cap(lower.slice(2))}`;
  // O'Neill, D'Youville; but not possessives like Women's.
  out = out.replace(/^([A-Za-z])'([a-z]{2,})/, (_m, a: string, b: string) => `${a.toUpperCase()}'${cap(b)}`);
  return out;
}

/** "UNIVERSITY OF CALIFORNIA-SANTA CRUZ" -> "University of California-Santa Cruz", keeping acronyms. */
export function titleCase(s: string): string {
  return s
    .trim()
    .split(/\s+/)
    .map((token, i) =>
      token
        .split(/([-/(),])/)
        .map((part, j) => (/^[-/(),]$/.test(part) ? part : word(part, i === 0 && j === 0)))
        .join(''),
    )
    .join(' ');
}
