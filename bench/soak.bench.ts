/**
 * A soak under faults (issue 32): the deploy topology (two replicas of the production build behind
 * deploy/nginx.conf, PostgreSQL, S3 through s3rver, an SMTP sink) under mixed traffic at about half of
 * its measured capacity for SOAK_SECONDS (600), while a replica is killed with SIGKILL and restarted
 * every SOAK_FAULT_EVERY seconds (120; a third of the run when shorter) and PostgreSQL is restarted
 * once near the middle. Then it checks, through the API, that every acknowledged write is there and
 * that every family's credits add up, and reports the answers that were neither 2xx nor 4xx and how
 * long the reads' p99 took to come back after each fault. Decision 204.
 *
 * SOAK_SECONDS=120 is the short run for development (faults every 40 s). SOAK_RATE fixes the rate
 * (operations per second) instead of measuring; SOAK_FAMILIES (12), SOAK_CLIENTS (16) and
 * SOAK_CAPACITY_SECONDS (20) shape the capacity run; SOAK_PG_RESTART=0 leaves PostgreSQL alone;
 * SOAK_KEEP=1 keeps the work folder (replica and nginx logs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgAvailable, pgBaseUrl, scratchDatabase } from './lib/pg';
import { checkWorld } from './lib/soak-check';
import { faultPlan, pgCluster, runFaults, type Fault } from './lib/soak-faults';
import { Recorder } from './lib/soak-http';
import { root } from '../server/test/deploy-image';
import { nginxBin } from '../server/test/nginx-config';
import { soakTable } from './lib/soak-report';
import { seedWorld } from './lib/soak-seed';
import { startTopology, type Topology } from './lib/soak-topology';
import { closedLoop, openLoop } from './lib/soak-traffic';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const EVERY = Number(process.env.SOAK_FAULT_EVERY ?? (SECONDS >= 600 ? 120 : Math.round(SECONDS / 3)));
const FAMILIES = Number(process.env.SOAK_FAMILIES ?? 12);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 16);
const CAPACITY_SECONDS = Number(process.env.SOAK_CAPACITY_SECONDS ?? 20);
const MAX_IN_FLIGHT = 256;

function canRestartDatabase() {
  if (process.env.SOAK_PG_RESTART === '0') return 'SOAK_PG_RESTART=0';
  const u = new URL(pgBaseUrl);
  if (!['localhost', '127.0.0.1'].includes(u.hostname)) return `the database is not local (${u.hostname})`;
  if (process.getuid?.() !== 0) return 'pg_ctlcluster needs root';
  if (!existsSync('/usr/bin/pg_ctlcluster')) return 'pg_ctlcluster is not installed';
  return null;
}

const log = (s: string) => console.log(`[soak] ${s}`);

/** The commit the replicas were built from, and whether its tree had changes (RESULTS.md names it). */
function soakedCommit() {
  const git = (args: string[]) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' }).stdout.trim();
  const changed = git(['status', '--porcelain', '--', 'server', 'contract', 'migrations', 'deploy']);
  return `${git(['rev-parse', '--short', 'HEAD'])}${changed ? ' with uncommitted changes' : ''}`;
}

async function main() {
  if (!nginxBin()) throw new Error('nginx is not installed (apt-get install nginx)');
  if (!(await pgAvailable())) throw new Error(`PostgreSQL is not reachable at ${pgBaseUrl}`);
  const noPgRestart = canRestartDatabase();
  const load0 = loadavg()[0];
  const work = mkdtempSync(path.join(tmpdir(), 'va-soak-'));
  const db = await scratchDatabase('va_soak');
  let top: Topology | undefined;
  const faults: Fault[] = [];
  try {
    const t0 = Date.now();
    top = await startTopology({ work, databaseUrl: db.url, replicas: 2 });
    log(
      `topology up in ${((Date.now() - t0) / 1000).toFixed(1)} s: nginx ${top.lb}, ${top.replicas.map((r) => r.url).join(', ')}`,
    );
    const rec = new Recorder(top.lb, top.lb);
    const w = await seedWorld(top, rec, FAMILIES);
    log(`${w.families.length} families seeded, each with 2 players and a combo pack`);

    const capacity = await closedLoop(w, CLIENTS, CAPACITY_SECONDS);
    const capacityRequests = rec.samples.length;
    const rate = Number(process.env.SOAK_RATE ?? Math.max(1, Math.round(capacity / 2)));
    log(
      `capacity ${capacity.toFixed(1)} operations/s with ${CLIENTS} clients; soak at ${rate}/s for ${SECONDS} s`,
    );

    rec.reset();
    const plan = faultPlan(SECONDS, EVERY, top.replicas.length, !noPgRestart);
    const faultRun = runFaults(top, rec, plan, log, faults);
    let nextReport = 30;
    const traffic = await openLoop(w, {
      rate,
      seconds: SECONDS,
      maxInFlight: MAX_IN_FLIGHT,
      onTick: (t) => {
        if (t < nextReport) return;
        nextReport += 30;
        const bad = rec.samples.filter((s) => s.status >= 500 || s.error !== undefined).length;
        log(`t=${Math.round(t)} s: ${rec.samples.length} requests, ${bad} 5xx or unanswered`);
      },
    });
    await faultRun;
    const samples = [...rec.samples];
    log(
      `traffic done: ${traffic.started} operations (${traffic.skipped} skipped), ${samples.length} requests`,
    );

    if (process.env.SOAK_KEEP)
      writeFileSync(path.join(work, 'samples.json'), JSON.stringify({ samples, faults }));
    for (const r of top.replicas) if (!r.proc || r.proc.exitCode !== null) await top.start(r);
    // Which checkout each purchase row came from: the database's word (families see no test links, decision 206).
    const check = await checkWorld(w, async (email) => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        const res = await c.query<{ session: string | null }>(
          `select t.metadata->>'checkoutSessionId' as session from credit_transactions t
           join users u on u.id = t.user_id where u.email = $1 and t.type = 'purchase'`,
          [email],
        );
        return res.rows.map((row) => row.session ?? '?');
      } finally {
        await c.end();
      }
    });
    soakTable({
      commit: soakedCommit(),
      seconds: SECONDS,
      every: EVERY,
      capacity,
      capacityRequests: capacityRequests / CAPACITY_SECONDS,
      clients: CLIENTS,
      rate,
      traffic,
      samples,
      faults,
      check,
      noPgRestart,
      load: [load0, loadavg()[0]],
      logs: top.replicas.map((r) => ({
        name: r.name,
        text: readFileSync(path.join(work, `${r.name}.log`), 'utf8'),
      })),
    });
  } finally {
    if (faults.some((f) => f.kind === 'database' && f.backAt === null))
      await pgCluster()
        .start()
        .catch((err: unknown) => console.error('starting PostgreSQL again failed:', err));
    await top?.stop();
    await db.drop().catch((err: unknown) => console.error('dropping the soak database failed:', err));
    if (process.env.SOAK_KEEP) log(`work folder kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

await main();
