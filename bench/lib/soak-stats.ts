/**
 * The soak's figures from the recorded requests: answers by class (a 502/503 or no answer counts as
 * expected only inside a fault's window), p99 per 10-second window, and how long after each fault the
 * reads' p99 came back to its level before it.
 */
import { pct } from './report';
import type { Fault } from './soak-faults';
import type { Sample } from './soak-http';

export const WINDOW_S = 10;
/** A fault's window runs from the fault until this long after the replica or database is back (nginx's fail_timeout). */
export const GRACE_S = 10;
/** Recovered: the reads' p99 within this factor of the level before the fault, with no failure in the window. */
export const RECOVERED_WITHIN = 1.5;

const isRead = (s: Sample) => !s.write;
const failed = (s: Sample) => s.status === 0 || s.status >= 500;

/** Whether a request overlapped a fault's window (one in flight when a replica was killed did). */
export function inFaultWindow(faults: Fault[], s: Sample) {
  const [from, to] = [s.t / 1000, (s.t + s.ms) / 1000];
  return faults.some((f) => to >= f.at && from <= (f.backAt ?? Infinity) + GRACE_S);
}

export function classify(samples: Sample[], faults: Fault[]) {
  const c = { total: samples.length, ok: 0, client: 0, expected: 0, unexpected: 0, s500: 0, otherServer: 0 };
  const statuses = new Map<string, number>();
  const odd: Sample[] = [];
  for (const s of samples) {
    const key = s.status === 0 ? `no answer (${s.error})` : String(s.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (s.status >= 200 && s.status < 300) c.ok++;
    else if (s.status >= 400 && s.status < 500) c.client++;
    else if (s.status === 500) {
      c.s500++;
      odd.push(s);
    } else if (s.status === 0 || s.status === 502 || s.status === 503) {
      if (inFaultWindow(faults, s)) c.expected++;
      else {
        c.unexpected++;
        odd.push(s);
      }
    } else {
      c.otherServer++;
      odd.push(s);
    }
  }
  return { ...c, statuses, odd };
}

const within = (samples: Sample[], from: number, to: number) =>
  samples.filter((s) => s.t >= from * 1000 && s.t < to * 1000);

export function windows(samples: Sample[], seconds: number) {
  const rows = [];
  for (let w = 0; w * WINDOW_S < seconds; w++) {
    const all = within(samples, w * WINDOW_S, (w + 1) * WINDOW_S);
    const reads = all.filter(isRead).map((s) => s.ms);
    rows.push({
      from: w * WINDOW_S,
      requests: all.length,
      readP99: reads.length ? pct(reads, 99) : NaN,
      allP99: all.length
        ? pct(
            all.map((s) => s.ms),
            99,
          )
        : NaN,
      failed: all.filter(failed).length,
    });
  }
  return rows;
}

const median = (xs: number[]) => pct(xs, 50);

/** How far after a fault its recovery is looked for (the 10-minute run has 60 s between faults). */
export const HORIZON_S = 60;
/** How long the sliding windows must stay back for the p99 to count as back. */
export const STAY_S = 20;

/**
 * For each fault: the reads' p99 before it (median of the three 10 s windows before), the worst 10 s
 * window after it, and when it was back: the start of the first sliding window from which every
 * window for STAY_S seconds had no failure and a p99 under the ceiling. The ceiling is RECOVERED_WITHIN times
 * the level before, or the 90th percentile of the quiet windows' p99 if higher: on a shared machine a
 * 10 s p99 of ~170 reads swings 3-4x without any fault, and a swing the quiet windows also show is
 * not the fault's.
 */
export function recoveries(samples: Sample[], faults: Fault[], seconds: number) {
  const rows = windows(samples, seconds);
  const steady = rows.filter(
    (r) =>
      r.readP99 >= 0 &&
      !faults.some((f) => r.from + WINDOW_S >= f.at && r.from <= (f.backAt ?? Infinity) + GRACE_S),
  );
  const quietP90 = steady.length
    ? pct(
        steady.map((r) => r.readP99),
        90,
      )
    : 0;
  return faults.map((f, i) => {
    const quietFrom = i > 0 ? (faults[i - 1].backAt ?? faults[i - 1].at) + GRACE_S : 0;
    const before = rows.filter((r) => r.from >= quietFrom && r.from + WINDOW_S <= f.at).slice(-3);
    // Faults closer together than that (the short run): the level of every window outside all faults.
    const pre = median((before.length ? before : steady).map((r) => r.readP99));
    const ceiling = Math.max(pre * RECOVERED_WITHIN, quietP90);
    const horizon =
      Math.floor(Math.min((faults[i + 1]?.at ?? seconds) - f.at, HORIZON_S, seconds - f.at)) - WINDOW_S;
    const ok: boolean[] = [];
    let peak = NaN;
    for (let k = 0; k <= horizon; k++) {
      const all = within(samples, f.at + k, f.at + k + WINDOW_S);
      const reads = all.filter(isRead).map((s) => s.ms);
      const p99 = reads.length ? pct(reads, 99) : Infinity;
      peak = Number.isNaN(peak) ? p99 : Math.max(peak, p99);
      ok.push(p99 <= ceiling && !all.some(failed));
    }
    // Back from the first window on which it stays back for STAY_S: a later swing is the machine's.
    let recoveredAfter: number | null = null;
    for (let k = 0; k + STAY_S <= horizon && recoveredAfter === null; k++)
      if (ok.slice(k, k + STAY_S + 1).every(Boolean)) recoveredAfter = k;
    const bad = samples.filter((s) => failed(s) && inFaultWindow([f], s));
    // What clients saw: from the first failed request's start to the last one's answer.
    const failedFor = bad.length
      ? (Math.max(...bad.map((s) => s.t + s.ms)) - Math.min(...bad.map((s) => s.t))) / 1000
      : 0;
    return {
      fault: f,
      pre,
      ceiling,
      peak,
      recoveredAfter,
      horizon: Math.max(0, horizon),
      failures: bad.length,
      failedFor,
    };
  });
}
