/**
 * The soak's faults, at fixed times: every `every` seconds one replica (in turn) is killed with SIGKILL
 * and started again after RESTART_DELAY_S, as an orchestrator restarts a crashed container; once,
 * between two kills near the middle, PostgreSQL is stopped for PG_DOWN_S and started again.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Recorder } from './soak-http';
import { sleep, type Topology } from './soak-topology';

const run = promisify(execFile);
export const RESTART_DELAY_S = 2;
export const PG_DOWN_S = 10;

export interface Fault {
  what: string;
  kind: 'replica' | 'database';
  /** Seconds since the soak's start. */
  at: number;
  /** When the replica answered its health check again, or PostgreSQL's start command returned. */
  backAt: number | null;
  error?: string;
}

export interface PlannedFault {
  at: number;
  kind: 'replica' | 'database';
  replica?: number;
}

export function faultPlan(seconds: number, every: number, replicas: number, restartDatabase: boolean) {
  const plan: PlannedFault[] = [];
  for (let k = 1; k * every < seconds; k++)
    plan.push({ at: k * every, kind: 'replica', replica: (k - 1) % replicas });
  if (restartDatabase) {
    const kills = plan.length;
    // Half-way between the two kills around the middle: the recoveries do not overlap.
    const at = kills ? every * Math.max(1, Math.floor(kills / 2)) + every / 2 : seconds / 2;
    plan.push({ at: Math.min(at, seconds - every / 2), kind: 'database' });
  }
  return plan.sort((a, b) => a.at - b.at);
}

/** `pg_ctlcluster <version> <name> stop|start` (root), for a cluster on this machine. */
export function pgCluster() {
  const [version, name] = (process.env.SOAK_PG_CLUSTER ?? '15 main').split(/\s+/);
  return {
    stop: () => run('pg_ctlcluster', [version, name, 'stop', '--mode', 'fast']),
    start: () => run('pg_ctlcluster', [version, name, 'start']),
    describe: `pg_ctlcluster ${version} ${name}`,
  };
}

/** Runs the plan, adding each fault to `done` as it starts (the caller sees a database left stopped). */
export async function runFaults(
  top: Topology,
  rec: Recorder,
  plan: PlannedFault[],
  log: (s: string) => void,
  done: Fault[],
) {
  for (const p of plan) {
    while (rec.now() < p.at) await sleep(50);
    const f: Fault = {
      what:
        p.kind === 'replica'
          ? `SIGKILL ${top.replicas[p.replica!].name}, restart after ${RESTART_DELAY_S} s`
          : `PostgreSQL stopped for ${PG_DOWN_S} s`,
      kind: p.kind,
      at: rec.now(),
      backAt: null,
    };
    done.push(f);
    log(`t=${f.at.toFixed(1)} s: ${f.what}`);
    try {
      if (p.kind === 'replica') {
        const r = top.replicas[p.replica!];
        await top.kill(r);
        await sleep(RESTART_DELAY_S * 1000);
        await top.start(r);
      } else {
        const pg = pgCluster();
        await pg.stop();
        await sleep(PG_DOWN_S * 1000);
        await pg.start();
      }
      f.backAt = rec.now();
      log(`t=${f.backAt.toFixed(1)} s: back (${(f.backAt - f.at).toFixed(1)} s after the fault)`);
    } catch (err) {
      f.error = String(err);
      log(`fault ${f.what} went wrong: ${f.error}`);
    }
  }
  return done;
}
