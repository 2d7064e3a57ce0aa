// Writes docs/decisions/README.md: every record with its title, status and date, and the records that
// nothing else names. `node scripts/decisions-index.mjs` after adding a record or marking one amended.
// Status comes from the records' own words, never from guesses: an older record's "Amended/Superseded/
// Extended (in part) by N" note, or a newer record's "Amends/Supersedes/Replaces/Extends N" before its
// first section. The date is that of the commit that added the file.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const DIR = 'docs/decisions';
const INDEX = `${DIR}/README.md`;
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

const records = readdirSync(DIR)
  .filter((f) => /^\d{3}-.*\.md$/.test(f))
  .sort()
  .map((file) => {
    const text = readFileSync(`${DIR}/${file}`, 'utf8');
    const title = text
      .split('\n')[0]
      .replace(/^#\s*\d{3}\.?\s*/, '')
      .trim();
    const added = git('log', '--diff-filter=A', '--format=%ad', '--date=short', '--', `${DIR}/${file}`);
    return { file, num: file.slice(0, 3), text, title, date: added.split('\n').pop() || 'not committed' };
  });
const numbers = new Set(records.map((r) => r.num));

// relations.get(target) = [{ kind, by }]
const relations = new Map();
const relate = (target, kind, by) => {
  if (!numbers.has(target) || target === by) return;
  const list = relations.get(target) ?? [];
  if (!list.some((r) => r.kind === kind && r.by === by)) list.push({ kind, by });
  relations.set(target, list);
};
const header = (text) => text.split(/\n## /)[0];
const own =
  /\b(superseded|amended|extended)(\s+in\s+part)?(?:\s+\d{4}-\d{2}-\d{2})?\s+by\s+(?:decisions?\s+)?(\d{3})\b/gi;
for (const r of records) {
  // A note at the top speaks for the record; one further down (a bullet "Superseded by 071: ...") for
  // the part it sits in, unless the top already names that record.
  const top = header(r.text);
  const atTop = new Set([...top.matchAll(own)].map((m) => m[3]));
  for (const m of top.matchAll(own)) relate(r.num, `${m[1].toLowerCase()}${m[2] ? ' in part' : ''}`, m[3]);
  for (const m of r.text.slice(top.length).matchAll(own)) {
    if (atTop.has(m[3])) continue;
    const kind = m[1].toLowerCase();
    relate(r.num, kind === 'superseded' ? 'superseded in part' : kind, m[3]);
  }
  const verbs = { amends: 'amended', supersedes: 'superseded', replaces: 'superseded', extends: 'extended' };
  const item = String.raw`(?:decisions?\s+)?\d{3}\b(?:\s*\([^)]*\))?`;
  const names = new RegExp(
    String.raw`\b(amends|supersedes|replaces|extends)\s+(${item}(?:\s*(?:,|and)\s*${item})*)`,
    'gi',
  );
  for (const m of header(r.text).matchAll(names)) {
    for (const n of m[2].replace(/\([^)]*\)/g, '').match(/\d{3}/g))
      relate(n, verbs[m[1].toLowerCase()], r.num);
  }
}

function status(num) {
  const list = relations.get(num);
  if (!list) return 'accepted';
  const order = ['superseded', 'superseded in part', 'amended', 'extended'];
  return order
    .filter((kind) => list.some((r) => r.kind === kind))
    .map(
      (kind) =>
        `${kind} by ${list
          .filter((r) => r.kind === kind)
          .map((r) => r.by)
          .sort()
          .join(', ')}`,
    )
    .join('; ');
}

// Where a record is named: "decision 074", "decisions 171-174", "decisions 175, 177 and 199", a link to
// its file, or, in the records and docs, "Amends 061", "as in 061", "(see 024)", "(015)", "[009]".
function namedIn(text, prose) {
  const found = new Set();
  const list =
    /\bdecisions?\s+(\d{3}(?:\s*[-–]\s*\d{3})?(?:\s*(?:,|and|or|&|\/)\s*(?:decisions?\s+)?\d{3}(?:\s*[-–]\s*\d{3})?)*)/gi;
  for (const m of text.matchAll(list)) {
    for (const part of m[1].matchAll(/(\d{3})(?:\s*[-–]\s*(\d{3}))?/g)) {
      const from = Number(part[1]);
      for (let n = from; n <= Number(part[2] ?? from); n++) found.add(String(n).padStart(3, '0'));
    }
  }
  for (const m of text.matchAll(/decisions\/(\d{3})-/g)) found.add(m[1]);
  if (prose) {
    const verbs =
      /\b(?:amends|supersedes|replaces|extends|by|see|as in|after|of)\s+(\d{3})\b(?!\s*(?:ms|s|KB|MB|MiB|rows|%))/gi;
    for (const m of text.matchAll(verbs)) found.add(m[1]);
    for (const m of text.matchAll(/\((?:see\s+)?(\d{3})\)/g)) found.add(m[1]);
    // docs/security.md: "[012, 023]"
    for (const m of text.matchAll(/\[(\d{3}(?:\s*,\s*\d{3})*)\]/g))
      for (const n of m[1].split(/\s*,\s*/)) found.add(n);
  }
  return found;
}

const files = git('ls-files', '--cached', '--others', '--exclude-standard')
  .split('\n')
  .filter((f) => f && f !== INDEX && /\.(ts|tsx|mjs|js|sh|md|json|yaml|yml|conf)$/.test(f))
  .filter((f) => !/(^|\/)(package-lock\.json|migrations\/)/.test(f));
const named = new Set();
for (const f of files) {
  let text;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  const own = f.match(/^docs\/decisions\/(\d{3})-/)?.[1];
  for (const n of namedIn(text, f.endsWith('.md'))) if (n !== own) named.add(n);
}
// A record named in another's status note or "Amends" list is named there.
for (const [target, list] of relations) for (const { by } of list) named.add(target).add(by);
const unnamed = records.filter((r) => !named.has(r.num));

const link = (r) => `[${r.title.replace(/[[\]|]/g, (c) => `\\${c}`)}](${r.file})`;
const rows = [
  ['No.', 'Title', 'Status', 'Date'],
  ...records.map((r) => [r.num, link(r), status(r.num), r.date]),
];
const widths = rows[0].map((_, i) => Math.max(3, ...rows.map((row) => row[i].length)));
const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
const table = [
  line(rows[0]),
  `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
  ...rows.slice(1).map(line),
];

const out = `# Decisions

Why the code is the way it is: one record per decision, \`NNN-title.md\`, numbered by area and kept once
written. A later record that changes an earlier one says so before its first section (\`Amends 061\`,
\`Supersedes 074\`), and the earlier one gets a one-line note at its top (\`Amended by 203\`); neither body
is rewritten. Records before 196 have no \`Status\` line: they are accepted unless a later record says
otherwise. The date is that of the commit that added the file. The current picture of the code is
[ARCHITECTURE.md](../ARCHITECTURE.md).

This page is generated: \`node scripts/decisions-index.mjs\` rewrites it from the records and the git
history (run it after adding a record or marking one).

A new record: the next free number in its area, a title that states the decision, then
\`Status: accepted, <date>.\` (naming any record it amends or supersedes), Context, Decision, Consequences.

${table.join('\n')}

## Named nowhere else

No other record, no other document and no code comment names these (by \`decision NNN\`, a link to the
file, \`Amends NNN\` or \`[NNN]\`). They may be complete on their own, or forgotten; worth a look when their area
changes.

${unnamed.length ? unnamed.map((r) => `- ${r.num} ${link(r)}`).join('\n') : '- none'}
`;
writeFileSync(INDEX, out);
console.log(
  `${INDEX}: ${records.length} records, ${relations.size} amended or superseded, ${unnamed.length} named nowhere else`,
);
