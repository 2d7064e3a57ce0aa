/**
 * The soak's traffic: a mix of reads and writes, driven either as fast as a fixed number of clients
 * allows (to measure capacity) or at a fixed arrival rate that does not slow down when the server
 * does (an open loop, as real users arrive).
 */
import { checkout, complete, read, requestAnalysis, upload, type Family, type World } from './soak-ops';
import { sleep } from './soak-topology';

/** Shares of operations; a checkout is two requests (open, pay) and its webhook. */
export const MIX = { read: 0.75, request: 0.1, upload: 0.05, complete: 0.06, checkout: 0.04 } as const;

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

async function spend(w: World, f: Family) {
  const kind = Math.random() < 0.5 ? 'max_speed' : 'iga';
  const payer = f.credits[kind] >= 1 ? f : w.families.find((x) => x.credits[kind] >= 1);
  if (payer) await requestAnalysis(w, payer, kind);
  else await checkout(w, f);
}

export async function oneOperation(w: World) {
  const f = pick(w.families);
  let x = Math.random();
  for (const [op, share] of Object.entries(MIX)) {
    x -= share;
    if (x > 0) continue;
    if (op === 'read') return read(w, f);
    if (op === 'request') return spend(w, f);
    if (op === 'upload') return upload(w, f);
    if (op === 'complete') return (await complete(w)) || spend(w, f);
    return checkout(w, f);
  }
  return read(w, f);
}

/** `clients` loops, each starting its next operation when the last one ends. Answers operations per second. */
export async function closedLoop(w: World, clients: number, seconds: number) {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < end) {
        await oneOperation(w);
        done++;
      }
    }),
  );
  return done / seconds;
}

/**
 * Starts `rate` operations per second for `seconds`, whatever the answers take. More than `maxInFlight`
 * unanswered operations (an outage that holds connections) skips arrivals rather than queueing them
 * in the driver; the skips are counted.
 */
export async function openLoop(
  w: World,
  o: { rate: number; seconds: number; maxInFlight: number; onTick?: (elapsed: number) => void },
) {
  const start = Date.now();
  const inFlight = new Set<Promise<unknown>>();
  let started = 0;
  let skipped = 0;
  for (;;) {
    const elapsed = (Date.now() - start) / 1000;
    if (elapsed >= o.seconds) break;
    o.onTick?.(elapsed);
    for (const due = Math.floor(elapsed * o.rate); started + skipped < due;) {
      if (inFlight.size >= o.maxInFlight) {
        skipped++;
        continue;
      }
      started++;
      const p: Promise<unknown> = oneOperation(w)
        .catch((err: unknown) => console.error('operation failed in the driver:', err))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await sleep(5);
  }
  await Promise.all(inFlight);
  return { started, skipped };
}
