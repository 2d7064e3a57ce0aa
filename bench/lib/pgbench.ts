/**
 * Baseline (c) of the API bench: the statements one request sends, on their own. `watchQueries` records
 * the text and parameters of what goes through the pool; `pgbenchScript` writes them as a pgbench custom
 * script (parameters as `-D` variables, so `-M prepared` binds them as the app does); `pgbenchLoad` runs
 * `pgbench -n -M prepared -c CONNECTIONS -j 2 -T seconds` and answers scripts per second (one script =
 * one request's statements) with the latency percentiles from its per-transaction log.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { Load } from './load';
import { CONNECTIONS, SECONDS } from './load';
import { pct } from './report';

export interface Statement {
  text: string;
  values: unknown[];
}

/** Calls `seen` with the text and parameters of every statement sent through the pool (not transactions). */
export function watchQueries(pool: pg.Pool, seen: (s: Statement) => void): () => void {
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const [config, second] = args;
    const c = (typeof config === 'string' ? { text: config } : (config ?? {})) as {
      text?: string;
      values?: unknown[];
    };
    const values = Array.isArray(second) ? second : (c.values ?? []);
    seen({ text: c.text ?? '', values });
    return query(...args);
  };
  return () => {
    (pool as unknown as { query: unknown }).query = query;
  };
}

/** A parameter as node-postgres sends it, in text (its own prepareValue, for the types the app sends). */
export function paramText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  if (Array.isArray(v))
    return `{${v
      .map((x) => {
        const t = paramText(x);
        return t === null ? 'NULL' : `"${t.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
      })
      .join(',')}}`;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A pgbench script of these statements and the `-D` definitions of their parameters. */
function pgbenchScript(statements: Statement[]) {
  const defines: string[] = [];
  const lines = statements.map((s, i) => {
    const text = s.text.replace(/\$(\d+)\b/g, (_, n: string) => {
      const v = paramText(s.values[Number(n) - 1]);
      if (v === null) return 'NULL';
      const name = `s${i}_${n}`;
      defines.push(`${name}=${v}`);
      return `:${name}`;
    });
    return `${text.trim().replace(/;\s*$/, '')};`;
  });
  return { script: `${lines.join('\n')}\n`, defines };
}

/** Runs pgbench on the script against `url` for BENCH_SECONDS; rps = scripts (requests' statements) per second. */
export async function pgbenchLoad(
  url: string,
  statements: Statement[],
  opts: { seconds?: number; connections?: number } = {},
): Promise<Load> {
  const dir = mkdtempSync(path.join(tmpdir(), 'va-pgbench-'));
  try {
    const { script, defines } = pgbenchScript(statements);
    const file = path.join(dir, 'request.sql');
    writeFileSync(file, script);
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(opts.connections ?? CONNECTIONS),
      '-j',
      '2',
      '-T',
      String(opts.seconds ?? SECONDS),
      '-l',
      `--log-prefix=${path.join(dir, 'log')}`,
      '-f',
      file,
      ...defines.flatMap((d) => ['-D', d]),
      url,
    ];
    const out = await new Promise<string>((resolve, reject) => {
      const p = spawn('pgbench', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      p.stdout.on('data', (c: Buffer) => (text += c.toString()));
      p.stderr.on('data', (c: Buffer) => (text += c.toString()));
      p.on('error', reject);
      p.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text.slice(-2000)}`)),
      );
    });
    const tps = /tps = ([\d.]+)/.exec(out);
    // No transaction within the time (50 connections take a while on a loaded machine): a failed figure.
    if (!tps) process.stderr.write(`pgbench printed no tps:\n${out.slice(-2000)}\n`);
    const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
    // Per-transaction log: client, transaction, latency (us), script, epoch s, us.
    const latencies: number[] = [];
    for (const f of readdirSync(dir).filter((n) => n.startsWith('log')))
      for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (Number.isFinite(us) && line) latencies.push(us / 1000);
      }
    return {
      rps: tps ? Number(tps[1]) : 0,
      p50: latencies.length ? pct(latencies, 50) : NaN,
      p99: latencies.length ? pct(latencies, 99) : NaN,
      errors: tps ? failed : 1,
      non2xx: 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
