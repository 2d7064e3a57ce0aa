/**
 * `npm run bench [-- name ...]`: runs every bench/*.bench.ts (or the named ones) one after another,
 * each in its own process with a time limit, and writes each one's table into bench/RESULTS.md with
 * the date and the machine. BENCH_TIMEOUT_S caps one benchmark (default 1200 s).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARKER, verdict, type Row } from './lib/report';

const dir = fileURLToPath(new URL('.', import.meta.url));
const resultsFile = path.join(dir, 'RESULTS.md');
const limitS = Number(process.env.BENCH_TIMEOUT_S ?? 1200);
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)))
  .sort();

interface Table {
  title: string;
  rows: Row[];
  notes: string[];
  details?: string;
}

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} x ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, node ${process.version}`;
}

function run(file: string): Promise<{ code: number | null; tables: Table[]; seconds: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    const tables: Table[] = [];
    let buf = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (line.startsWith(MARKER)) tables.push(JSON.parse(line.slice(MARKER.length)) as Table);
        else console.log(line);
      }
    });
    const timer = setTimeout(() => {
      console.error(`${file}: stopped after ${limitS} s`);
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, limitS * 1000);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, tables, seconds: (Date.now() - t0) / 1000 });
    });
  });
}

const esc = (s: string) => s.replaceAll('|', '\\|');
function markdown(file: string, r: { code: number | null; tables: Table[]; seconds: number }) {
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  let md = `### ${file}\n\nRun ${when} UTC on ${machine()}; ${Math.round(r.seconds)} s${r.code ? `; **exited with ${r.code}**` : ''}.\n`;
  if (!r.tables.length) md += '\nNo table (the benchmark failed or was stopped; see its output).\n';
  for (const t of r.tables) {
    md += `\n**${t.title}**\n\n| what | figure | baseline (same run) | ratio | budget | |\n|---|---|---|---|---|---|\n`;
    for (const row of t.rows)
      md += `| ${[row.what, row.figure, row.baseline, row.ratio, row.budget, verdict(row.ok)].map(esc).join(' | ')} |\n`;
    for (const n of t.notes) md += `\n- ${n}`;
    if (t.notes.length) md += '\n';
    if (t.details)
      md += `\n<details><summary>details</summary>\n\n\`\`\`\n${t.details}\n\`\`\`\n</details>\n`;
  }
  return md;
}

function save(file: string, md: string) {
  let text = readFileSync(resultsFile, 'utf8');
  const start = `<!-- ${file}:start -->`;
  const end = `<!-- ${file}:end -->`;
  const block = `${start}\n${md}${end}`;
  if (text.includes(start) && text.includes(end))
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  else text = text.replace('<!-- latest:end -->', `${block}\n\n<!-- latest:end -->`);
  writeFileSync(resultsFile, text);
}

let failed = 0;
for (const file of files) {
  console.log(`\n######## ${file}`);
  const r = await run(file);
  if (r.code !== 0) failed++;
  save(file, markdown(file, r));
}
console.log(
  `\n${files.length} benchmark(s) run, ${failed} failed to finish; tables written to bench/RESULTS.md.`,
);
process.exit(failed ? 1 : 0);
