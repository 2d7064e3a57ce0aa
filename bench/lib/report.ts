/**
 * Every benchmark prints one table: figure, baseline from the same run, ratio, budget, verdict. The
 * runner (bench/run.ts) collects the `BENCH-ROWS` line each benchmark prints and writes bench/RESULTS.md.
 */
export interface Row {
  what: string;
  figure: string;
  baseline: string;
  ratio: string;
  budget: string;
  /**
   * true = met, false = missed, null = informational, 'not run' = nothing of its kind was measured in this
   * run (a benchmark told to run one kind only), so there is nothing to judge.
   */
  ok: boolean | null | 'not run';
}

/** A row's verdict as a cell: met, missed (`missed` says how), not run, or empty for an informational row. */
export function verdict(ok: Row['ok'], missed = '**missed**') {
  if (ok === 'not run') return 'not run';
  if (ok === null) return '';
  return ok ? 'met' : missed;
}

export const MARKER = 'BENCH-ROWS ';

/** `details`: longer text (query plans) kept in RESULTS.md under the table. */
export function printTable(title: string, rows: Row[], notes: string[] = [], details?: string) {
  const head = ['what', 'figure', 'baseline (same run)', 'ratio', 'budget', ''];
  const cells = rows.map((r) => [r.what, r.figure, r.baseline, r.ratio, r.budget, verdict(r.ok, 'MISSED')]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join('  ');
  console.log(`\n== ${title}\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
  for (const n of notes) console.log(`note: ${n}`);
  if (details) console.log(details);
  console.log(MARKER + JSON.stringify({ title, rows, notes, details }));
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;

export function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
