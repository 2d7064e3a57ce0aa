/**
 * The hot reads of the api bench while another family writes (decisions 225, 226): the same seven reads on
 * PostgreSQL (`bench/lib/api-server.ts`), each loaded by autocannon in turn (a) with nothing else going
 * on and (b) while a second family signs in, turns its profile link on and off and edits its player,
 * each at a steady rate, through the app's own routes. Kept answers and sessions survive a write only when it touches
 * nothing they read, so (b)/(a) says how much of the kept-answer speed is left under that traffic. The
 * writes' own cost (their requests and statements on the same two cores) is measured the same way on the
 * in-memory route signed out, which reads nothing: a read the writes do not touch should lose no more. BENCH_SECONDS,
 * BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_WRITES_PER_S (per kind, default 25).
 */
import { loadavg } from 'node:os';
import { fmt, ms, printTable, type Row } from './lib/report';
import { CONNECTIONS, load, ROUNDS, rounds, SECONDS, type Load } from './lib/load';
import { pgAvailable, scratchDatabase } from './lib/pg';
import { startChild, type Child } from './lib/proc';
import { LABELS, NAMES, type Name } from './lib/api-reads';

/**
 * Which reads the writes touch: any profile link is read by the leaderboard and the coach search (which
 * list every family's players), and a player's edit by the leaderboard. Since decision 227 the public page
 * reads only its own player's link and the analyst's queue only the players it lists: the writer's are not
 * those, so neither is touched.
 */
const TOUCHED: Record<Name, boolean> = {
  user: false,
  players: false,
  leaderboard: true,
  videos: false,
  queue: false,
  profile: false,
  coachSearch: true,
};
/** The statement each read sends when its kept answer was not there (bench/lib/api-server.ts counts them). */
const AFRESH: Partial<Record<Name, 'queues' | 'shares'>> = { queue: 'queues', profile: 'shares' };
type Counts = { requests: number; dashboards: number; queues: number; shares: number };
const PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 25);
/** Reads the writes do not touch keep this share of what the writes leave the machine ((b)'s ratio). */
const SHARE_OF_QUIET = 0.9;

interface AppInfo {
  port: number;
  cases: Record<Name, { url: string; memoryUrl: string; cookie: string; status: number }>;
  writer: { email: string; password: string; playerId: number; cookie: string; editBody: object };
  /** The cookies of many families, each with two players (`BENCH_FAMILIES`, 200). */
  families: string[];
}

/**
 * Steady writes beside the load: a sign-in, a profile-link toggle and an edit of the family's player,
 * PER_S each a second, sent on a timer whether or not the last has answered (at most 60 in flight), so a
 * busier server gets the same writes as a quieter one.
 */
function startWrites(base: string, w: AppInfo['writer']) {
  let done = 0;
  let failed = 0;
  let complaint = '';
  let on = false;
  const inFlight: Promise<void>[] = [];
  const send = (write: () => Promise<Response>) => {
    const p = write()
      .then(async (res) => {
        const body = await res.text();
        if (res.ok) done++;
        else {
          failed++;
          if (!complaint) complaint = `${res.status} ${body.slice(0, 200)}`;
        }
      })
      .catch(() => void failed++)
      .finally(() => inFlight.splice(inFlight.indexOf(p), 1));
    inFlight.push(p);
  };
  const json = { 'content-type': 'application/json' };
  const signIn = () =>
    fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: w.email, password: w.password }),
    });
  const toggle = () =>
    fetch(`${base}/api/players/${w.playerId}/share`, {
      method: 'PUT',
      headers: { ...json, cookie: w.cookie },
      body: JSON.stringify({ enabled: (on = !on) }),
    });
  let name = 0;
  const edit = () =>
    fetch(`${base}/api/players/${w.playerId}`, {
      method: 'PUT',
      headers: { ...json, cookie: w.cookie },
      body: JSON.stringify({ ...w.editBody, firstName: `Wes${name++ % 10}` }),
    });
  const timer = setInterval(() => {
    if (inFlight.length >= 60) return void (failed += 3);
    send(signIn);
    send(toggle);
    send(edit);
  }, 1000 / PER_S);
  return async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
    // A write the app refused is a broken bench, not a slow one.
    if (complaint) throw new Error(`a write was refused: ${complaint}`);
    return { done, failed };
  };
}

/** A read loaded with no writes and then under writes (`pair`), as a row against the writes' own cost. */
function readRow(
  what: string,
  r: { quiet: Load; busy: Load; failed: number },
  cpuShare: number,
  opts: { touched?: boolean; extra?: string } = {},
): Row {
  const { quiet: q, busy: b, failed } = r;
  const share = b.rps / q.rps / cpuShare;
  return {
    what: `${what}${opts.touched ? ' (reads what the writes change)' : ''}`,
    figure: `under writes ${fmt(b.rps)} req/s, p99 ${ms(b.p99)}${opts.extra ?? ''}${failed ? ` (${failed} failed)` : ''}`,
    baseline: `no writes ${fmt(q.rps)} req/s, p99 ${ms(q.p99)}`,
    ratio: `${(b.rps / q.rps).toFixed(2)}; ${share.toFixed(2)} of (b)'s`,
    budget: opts.touched ? 'informational' : `>= ${SHARE_OF_QUIET} of (b)'s ratio`,
    ok: opts.touched ? null : share >= SHARE_OF_QUIET && !failed,
  };
}

async function main() {
  if (!(await pgAvailable()))
    throw new Error('PostgreSQL is not reachable (BENCH_DATABASE_URL / TEST_DATABASE_URL / localhost:5432).');
  const load0 = loadavg()[0];
  const scratch = await scratchDatabase('va_bench_writes');
  let app: Child<AppInfo> | undefined;
  const rows: Row[] = [];
  const writes = { done: 0, failed: 0, seconds: 0 };
  try {
    app = await startChild<AppInfo>('../lib/api-server.ts', { env: { BENCH_DB: scratch.url } });
    const base = `http://127.0.0.1:${app.info.port}`;
    /** The bench server's counts since the last ask: requests, and the dashboard statements sent. */
    const counts = async () => (await (await fetch(`${base}/bench/stats`)).json()) as Counts;
    const pair = async (
      url: string,
      headers?: Record<string, string>,
      requests?: { headers: Record<string, string> }[],
    ) => {
      const quiet: Load[] = [];
      const busy: Load[] = [];
      /** Under writes: the requests answered (the writes' own among them) and the statements of reads afresh. */
      const underWrites: Counts = { requests: 0, dashboards: 0, queues: 0, shares: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        quiet.push(await load(url, { headers, requests, warm: round === 0 }));
        const stop = startWrites(base, app!.info.writer);
        await counts();
        busy.push(await load(url, { headers, requests, warm: false }));
        const c = await counts();
        for (const k of ['requests', 'dashboards', 'queues', 'shares'] as const) underWrites[k] += c[k];
        const w = await stop();
        writes.done += w.done;
        writes.failed += w.failed;
        writes.seconds += SECONDS;
      }
      const [q, b] = [rounds(quiet), rounds(busy)];
      return { quiet: q, busy: b, failed: q.errors + q.non2xx + b.errors + b.non2xx, underWrites };
    };
    // What the writes cost the machine itself: the in-memory route (b), signed out (no session, no statement).
    const cpu = await pair(`${base}${app.info.cases.user.memoryUrl}`);
    const cpuShare = cpu.busy.rps / cpu.quiet.rps;
    rows.push({
      what: '(b) the in-memory GET /api/user, signed out: what the writes cost the machine',
      figure: `under writes ${fmt(cpu.busy.rps)} req/s, p99 ${ms(cpu.busy.p99)}`,
      baseline: `no writes ${fmt(cpu.quiet.rps)} req/s, p99 ${ms(cpu.quiet.p99)}`,
      ratio: cpuShare.toFixed(2),
      budget: 'informational',
      ok: null,
    });
    for (const n of NAMES) {
      const c = app.info.cases[n];
      if (c.status !== 200) continue;
      const headers = c.cookie ? { cookie: c.cookie } : undefined;
      const r = await pair(`${base}${c.url}`, headers);
      const kind = AFRESH[n];
      const extra = kind
        ? `, ${((1000 * r.underWrites[kind]) / r.underWrites.requests).toFixed(1)} read afresh per 1,000 requests`
        : '';
      rows.push(readRow(LABELS[n], r, cpuShare, { touched: TOUCHED[n], extra }));
    }
    // Many families, each reading its own dashboard in turn: a write that dropped every family's kept
    // answer (decision 225) would make most of these reads misses; one scoped to the writer's rows (226) none.
    const families = app.info.families;
    const many = await pair(
      `${base}/api/players`,
      undefined,
      families.map((cookie) => ({ headers: { cookie } })),
    );
    const fresh = (1000 * many.underWrites.dashboards) / many.underWrites.requests;
    rows.push(
      readRow(
        `GET /api/players, ${families.length} families in turn (each its own kept dashboard)`,
        many,
        cpuShare,
        {
          extra: `, ${fresh.toFixed(1)} dashboards read afresh per 1,000 requests`,
        },
      ),
    );
  } finally {
    await app?.stop();
    await scratch.drop();
  }
  printTable('Kept answers under steady writes (PostgreSQL)', rows, [
    `autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per figure, each read with no writes and then with writes, in turn; loopback; rate limits off.`,
    `The writes: another family signs in (${PER_S}/s: a new session row, its user's login count), turns its profile link on and off (${PER_S}/s: \`profile_shares\`, and \`coach_search\` by trigger) and edits its player (${PER_S}/s: its row of \`players\`, \`leaderboard\`), through the app's routes, sent on a timer; ${fmt(writes.done / writes.seconds)} writes/s answered${writes.failed ? `, ${writes.failed} failed or not sent (60 in flight)` : ''}.`,
    `Load average ${load0.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end (2 cores, shared).`,
  ]);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
