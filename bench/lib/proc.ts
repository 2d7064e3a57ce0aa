import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Child<T> {
  info: T;
  proc: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Runs a TypeScript file in its own node process (tsx loader) and waits for its `READY {json}` line
 * on stderr. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of every such process there; BENCH_CHILD_NODE_ARGS
 * adds node flags to each (e.g. `--trace-gc`, or `--import` of a probe); BENCH_CHILD_STDOUT=1 shows its stdout.
 */
export function startChild<T>(
  file: string,
  opts: { env?: Record<string, string>; stdin?: string; timeoutMs?: number } = {},
): Promise<Child<T>> {
  const prof = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const proc = spawn(
    process.execPath,
    [
      ...prof,
      ...(process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      fileURLToPath(new URL(file, import.meta.url)),
    ],
    {
      env: { ...process.env, ...opts.env },
      stdio: ['pipe', process.env.BENCH_CHILD_STDOUT ? 'inherit' : 'ignore', 'pipe'],
    },
  );
  if (opts.stdin !== undefined) proc.stdin.end(opts.stdin);
  else proc.stdin.end();
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      proc.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      proc.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${file} did not start within ${opts.timeoutMs ?? 120_000} ms:\n${err.slice(-2000)}`));
    }, opts.timeoutMs ?? 120_000);
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk: string) => {
      err += chunk;
      const line = err.split('\n').find((l) => l.startsWith('READY '));
      if (line && err.includes('\n', err.indexOf('READY '))) {
        clearTimeout(timer);
        proc.stderr.removeAllListeners('data');
        proc.stderr.on('data', (c: string) => process.stderr.write(c));
        resolve({ info: JSON.parse(line.slice(6)) as T, proc, stop });
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code} before it was ready:\n${err.slice(-2000)}`));
    });
  });
}

/** A TCP port free on loopback right now (BENCH_PORT overrides). */
export async function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
