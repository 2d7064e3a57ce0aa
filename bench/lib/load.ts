import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon on loopback: a short warm-up, then the measured run. */
export async function load(url: string, opts: { headers?: Record<string, string>; connections?: number; seconds?: number } = {}): Promise<Load> {
  const base = { url, headers: opts.headers, connections: opts.connections ?? CONNECTIONS };
  await autocannon({ ...base, duration: 1 });
  const r = await autocannon({ ...base, duration: opts.seconds ?? SECONDS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}
