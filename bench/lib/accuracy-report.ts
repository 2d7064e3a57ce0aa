import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The accuracy benchmark's figures (issue 48): one record per scene, summed per frame rate and per
 * condition, each figure with the count behind it. Records are kept in bench/accuracy-scenes.jsonl (one
 * JSON object a line, in seed order), so runs accumulate by seed; bench/RESULTS.md's 'accuracy' section
 * holds the tables rebuilt from them.
 */
export interface SceneRecord {
  seed: number;
  kind: 'max-speed' | 'forty';
  rate: string;
  tags: string[];
  /** What measured it ('tracker 2.3.0', 'proposer 2.4.0'); absent on records kept before versions were. */
  version?: string;
  /** Max Speed: the product's answer, or why it refused. */
  given?: { mph: number; plusMinus: number; trueMph: number; switchFrames: number; trackedFrames: number };
  refused?: string;
  /**
   * Max Speed refused with a fitted value behind the refusal (from 2026-12-06, seed 13202 on): that value, its
   * ± and the truth, so that whether the bound holds the truth is read on refused tracks too (a ± that does not
   * cover the truth is a defect even where the value is not given).
   */
  fitted?: { mph: number; plusMinus: number; trueMph: number };
  /**
   * The 40: the proposer's frames minus the true ones (null: not proposed); `startBetween` and
   * `finishBetween`, where none was proposed but the frames it lies between were named (decisions 304, 318),
   * whether they hold the true one.
   */
  forty?: {
    start: number | null;
    finish: number | null;
    splits: (number | null)[];
    startBetween?: boolean;
    finishBetween?: boolean;
  };
  /**
   * The 40 timed from the true marks (issue 49): stored as verified, or why not (the preview's problem or
   * its 400), and whether the true time lies inside the stated ±. Absent on records kept before it was read.
   */
  marks?: { verified: boolean; inside: boolean | null; plusMinus: number | null; problem?: string };
}

const START = '<!-- accuracy:start -->';
const END = '<!-- accuracy:end -->';

const f2 = (x: number) => x.toFixed(2);
const share = (k: number, n: number) => (n ? `${k}/${n} (${Math.round((100 * k) / n)}%)` : '0/0');
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** The Max Speed figures of a set of scenes, as table cells. */
function speedCells(rs: SceneRecord[]) {
  const ms = rs.filter((r) => r.kind === 'max-speed');
  const given = ms.flatMap((r) => (r.given ? [r.given] : []));
  const covered = given.filter((g) => Math.abs(g.mph - g.trueMph) <= g.plusMinus).length;
  const switched = given.filter((g) => g.switchFrames > 0).length;
  const err = given.map((g) => Math.abs(g.mph - g.trueMph));
  return [
    String(ms.length),
    share(covered, given.length),
    share(ms.length - given.length, ms.length),
    given.length ? `${f2(mean(err))} (max ${f2(Math.max(...err))})` : '',
    given.length ? f2(mean(given.map((g) => g.plusMinus))) : '',
    share(switched, given.length),
  ];
}

/** The 40's proposer: frames within one of the truth, of the scenes proposed. */
function fortyCells(rs: SceneRecord[]) {
  const fs = rs.filter((r) => r.kind === 'forty' && r.forty);
  const within = (xs: (number | null)[]) => {
    const known = xs.filter((x): x is number => x !== null);
    return known.length || xs.length
      ? `${share(known.filter((x) => Math.abs(x) <= 1).length, xs.length)}${known.length ? `, mean ${f2(mean(known))}` : ''}`
      : '';
  };
  const namedOf = (key: 'startBetween' | 'finishBetween') => {
    const named = fs.flatMap((r) => (r.forty![key] === undefined ? [] : [r.forty![key]]));
    return named.length
      ? `; frames named ${named.length}, holding the truth ${named.filter(Boolean).length}`
      : '';
  };
  const marked = fs.flatMap((r) => (r.marks ? [r.marks] : []));
  const verified = marked.filter((m) => m.verified);
  return [
    String(fs.length),
    `${within(fs.map((r) => r.forty!.start))}${namedOf('startBetween')}`,
    `${within(fs.map((r) => r.forty!.finish))}${namedOf('finishBetween')}`,
    within(fs.flatMap((r) => r.forty!.splits)),
    marked.length
      ? `${share(verified.length, marked.length)}; truth inside ± ${verified.filter((m) => m.inside).length}/${verified.length}`
      : '',
  ];
}

const SPEED_HEAD =
  'Max Speed scenes | truth inside ± (of given) | refused | mean abs error mph | mean ± mph | identity switches (of given)';
const FORTY_HEAD =
  '40 scenes | start frame within 1 (mean error); where untold, frames named | finish within 1; where untold, frames named | splits within 1 | true marks verified; truth inside ± (of verified)';

function groups(rs: SceneRecord[]) {
  const rates = [...new Set(rs.map((r) => r.rate))].sort((a, b) => Number(a) - Number(b));
  const tags = [...new Set(rs.flatMap((r) => r.tags))].sort();
  return [
    ...rates.map((rate) => [`${rate} fps`, rs.filter((r) => r.rate === rate)] as const),
    ...tags.map((t) => [t, rs.filter((r) => r.tags.includes(t))] as const),
    ['all', rs] as const,
  ];
}

/** Tables of a set of scenes: by frame rate, by condition, and all. */
export function tables(rs: SceneRecord[]) {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines = [
    row(['group', ...SPEED_HEAD.split(' | '), ...FORTY_HEAD.split(' | ')]),
    row(Array.from({ length: 12 }, () => '---')),
  ];
  for (const [name, g] of groups(rs)) lines.push(row([name, ...speedCells(g), ...fortyCells(g)]));
  return lines.join('\n');
}

/** A refused Max Speed's refusal, in the words of the refusals table. */
function refusalKind(refused: string) {
  if (/only known to ±/.test(refused)) return 'the ± over the ceiling';
  if (/frames too close together/.test(refused)) return 'clicks too close together to line up';
  if (/^needs a click/.test(refused)) return 'a question left unanswered';
  if (/(first|last) seen for sure/.test(refused)) return 'the fastest 10 yards may lie beyond what was seen';
  return 'lost, in doubt or too few frames';
}

/**
 * The values fitted behind refusals (records from seed 13202 keep them): by refusal, how many held the truth
 * inside their ±, and how far off they were. A refusal that stops values outside their ± stops wrong numbers;
 * one whose values all hold the truth costs a number the bound could have stood behind. Null without any.
 */
export function refusedTable(rs: SceneRecord[]) {
  const kept = rs.filter((r) => r.kind === 'max-speed' && r.refused && r.fitted);
  if (!kept.length) return null;
  const byKind = new Map<string, NonNullable<SceneRecord['fitted']>[]>();
  for (const r of kept) {
    const k = refusalKind(r.refused!);
    byKind.set(k, [...(byKind.get(k) ?? []), r.fitted!]);
  }
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines = [
    row(['refusal', 'values fitted behind it', 'truth inside their ±', 'mean abs error mph', 'mean ± mph']),
    row(Array.from({ length: 5 }, () => '---')),
  ];
  for (const [kind, fs] of [...byKind.entries()].sort((a, b) => b[1].length - a[1].length)) {
    const err = fs.map((f) => Math.abs(f.mph - f.trueMph));
    lines.push(
      row([
        kind,
        String(fs.length),
        share(fs.filter((f) => Math.abs(f.mph - f.trueMph) <= f.plusMinus).length, fs.length),
        `${f2(mean(err))} (max ${f2(Math.max(...err))})`,
        f2(mean(fs.map((f) => f.plusMinus))),
      ]),
    );
  }
  return lines.join('\n');
}

/** The versions of a set of records, as a cell ('tracker 2.3.0, proposer 2.4.0'; 'not recorded'). */
function versionsCell(rs: SceneRecord[]) {
  const vs = [...new Set(rs.map((r) => r.version ?? 'not recorded'))].sort();
  return vs.join(', ');
}

/**
 * Whether a record counts for the versions in the product: measured by one of them. (Tracker 2.9.0 asks for
 * a click where 2.8.0 measured from a slower one, decision 302: no earlier record is the current tracker's.)
 */
export function ofCurrent(r: SceneRecord, current: string[]) {
  return r.version !== undefined && current.includes(r.version);
}

/** The records kept in the scenes file (none if it is not there yet), in its order. */
export function readRecords(scenesFile: string): SceneRecord[] {
  if (!existsSync(scenesFile)) return [];
  return readFileSync(scenesFile, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as SceneRecord);
}

/**
 * Writes the records to the scenes file, one JSON object a line. A run's new seeds come after every kept
 * one, so they are appended; the file is rewritten only when a record already in it was replaced.
 */
function writeRecords(scenesFile: string, records: SceneRecord[]) {
  const kept = existsSync(scenesFile) ? readFileSync(scenesFile, 'utf8') : '';
  const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
  if (text.startsWith(kept)) appendFileSync(scenesFile, text.slice(kept.length));
  else writeFileSync(scenesFile, text);
}

/**
 * Adds this run's records to the scenes file and rewrites the tables of RESULTS.md's accuracy section from
 * all of them. The Runs table keeps every run with the versions that measured it; the tables by frame rate
 * and condition sum only the records of the versions now in the product (`current`), so a figure never
 * mixes a tracker with an earlier one.
 */
export function saveRun(
  files: { results: string; scenes: string },
  run: { date: string; seeds: string; records: SceneRecord[]; current: string[] },
) {
  let text = readFileSync(files.results, 'utf8');
  if (!text.includes(START))
    text = text.replace('## Latest run', `## Accuracy (issue 48)\n\n${START}\n${END}\n\n## Latest run`);
  const body = text.slice(text.indexOf(START) + START.length, text.indexOf(END));
  const old = readRecords(files.scenes);
  // This run's row replaces the one it wrote after its previous scene: the row of its start and its first
  // seed (its seeds so far grow with it; two runs started in the same minute keep a row each).
  // Rows written before the versions column get it, saying so.
  const firstSeed = (seeds: string) => seeds.split(/[-,\s]/)[0];
  const runRows = body
    .split('\n')
    .filter((l) => {
      const cells = l.split('|').map((c) => c.trim());
      const own = cells[1] === run.date && firstSeed(cells[3] ?? '') === firstSeed(run.seeds);
      return l.startsWith('| 20') && !own;
    })
    .map((l) => (l.split('|').length - 2 === 13 ? `${l} not recorded |` : l))
    // Rows written before the true marks were timed get an empty cell for them, before the versions.
    .map((l) => (l.split('|').length - 2 === 14 ? l.replace(/\|([^|]*)\|\s*$/, '| |$1|') : l));
  const seen = new Set(run.records.map((r) => r.seed));
  const all = [...old.filter((r) => !seen.has(r.seed)), ...run.records].sort((a, b) => a.seed - b.seed);
  const runCells = [
    run.date,
    String(run.records.length),
    run.seeds,
    ...speedCells(run.records),
    ...fortyCells(run.records),
    versionsCell(run.records),
  ];
  runRows.push(`| ${runCells.join(' | ')} |`);
  const now = all.filter((r) => ofCurrent(r, run.current));
  const earlier = all.length - now.length;
  const seeds = now.map((r) => r.seed);
  const md = [
    '',
    '`npm run bench -- accuracy` (bench/accuracy.bench.ts): random scenes of `server/test/scene/` (decision 240),',
    "the product's tracked Max Speed from one click on the runner's true ground point (a frame where he is clear; with BENCH_ANALYST=foot every click on a foot, up to 0.3 yards off it, decision 305; up to 6 questions answered, BENCH_CLICKS=N up to N, decision 310),",
    "and the 40's proposer from clicks on the start and finish lines. Each cell: count of count (share).",
    '',
    '**Runs**',
    '',
    `| date (UTC) | scenes | seeds | ${SPEED_HEAD} | ${FORTY_HEAD} | versions |`,
    `|${' --- |'.repeat(15)}`,
    ...runRows,
    '',
    `**All runs of the versions in the product together** (${run.current.join(', ')}: ${now.length} scenes${
      seeds.length ? `, seeds ${Math.min(...seeds)}-${Math.max(...seeds)}` : ''
    }), by frame rate, by condition. ${earlier} scenes measured by other versions are counted in the Runs table only.`,
    '',
    tables(now),
    '',
    ...(() => {
      const refused = refusedTable(now);
      return refused
        ? [
            `**Values fitted behind the refusals** of the versions in the product (kept from seed 13202 on), by refusal: whether the bound held the truth where the product gave no number.`,
            '',
            refused,
            '',
          ]
        : [];
    })(),
    '',
  ].join('\n');
  text = text.slice(0, text.indexOf(START) + START.length) + md + text.slice(text.indexOf(END));
  writeRecords(files.scenes, all);
  writeFileSync(files.results, text);
}

/** The next seed after every one already in the scenes file (runs go on where the last stopped). */
export function nextSeed(scenesFile: string) {
  const seeds = readRecords(scenesFile).map((r) => r.seed);
  return seeds.length ? Math.max(...seeds) + 1 : 1;
}
