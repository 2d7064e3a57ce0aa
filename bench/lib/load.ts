import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * autocannon on loopback: a short warm-up, then the measured run. `requests`: each connection sends these
 * in turn (autocannon's own option), e.g. the same URL with one cookie after another.
 */
export async function load(
  url: string,
  opts: {
    headers?: Record<string, string>;
    requests?: { headers: Record<string, string> }[];
    connections?: number;
    seconds?: number;
    warm?: boolean;
  } = {},
): Promise<Load> {
  const base = {
    url,
    headers: opts.headers,
    requests: opts.requests,
    connections: opts.connections ?? CONNECTIONS,
  };
  if (opts.warm !== false) await autocannon({ ...base, duration: 1 });
  const r = await autocannon({ ...base, duration: opts.seconds ?? SECONDS });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** A URL for autocannon, or a load of another kind (pgbench) run the same way; `warm` on the first round. */
export type Target =
  { url: string; headers?: Record<string, string> } | { run: (warm: boolean) => Promise<Load> };

/**
 * Loads each target in turn, ROUNDS times (a, b, c, a, b, c, ...), so a machine that gets busier or
 * quieter during the run shifts every figure alike; answers the mean req/s and the median p99.
 */
export async function interleaved<K extends string>(targets: Record<K, Target>): Promise<Record<K, Load>> {
  const runs = {} as Record<K, Load[]>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, t] of Object.entries(targets) as [K, Target][]) {
      (runs[k] ??= []).push(
        'run' in t ? await t.run(round === 0) : await load(t.url, { headers: t.headers, warm: round === 0 }),
      );
    }
  }
  const out = {} as Record<K, Load>;
  for (const [k, rs] of Object.entries(runs) as [K, Load[]][]) out[k] = rounds(rs);
  return out;
}

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Several rounds of one load as one figure: the mean req/s, the median p50 and p99, the failures summed. */
export const rounds = (rs: Load[]): Load => ({
  rps: rs.reduce((s, r) => s + r.rps, 0) / rs.length,
  p50: mid(rs.map((r) => r.p50)),
  p99: mid(rs.map((r) => r.p99)),
  errors: rs.reduce((s, r) => s + r.errors, 0),
  non2xx: rs.reduce((s, r) => s + r.non2xx, 0),
});
