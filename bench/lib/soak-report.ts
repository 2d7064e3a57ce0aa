/** The soak's table for bench/RESULTS.md: what was driven, what was found afterwards, each fault. */
import { fmt, ms, pct, printTable, type Row } from './report';
import type { CheckResult } from './soak-check';
import type { Fault } from './soak-faults';
import type { Sample } from './soak-http';
import {
  classify,
  GRACE_S,
  inFaultWindow,
  RECOVERED_WITHIN,
  HORIZON_S,
  STAY_S,
  recoveries,
  windows,
  WINDOW_S,
} from './soak-stats';
import { MIX } from './soak-traffic';

interface Input {
  commit: string;
  seconds: number;
  every: number;
  capacity: number;
  capacityRequests: number;
  clients: number;
  rate: number;
  traffic: { started: number; skipped: number };
  samples: Sample[];
  faults: Fault[];
  check: CheckResult;
  noPgRestart: string | null;
  load: [number, number];
  logs: { name: string; text: string }[];
}

const msOr = (n: number) => (Number.isFinite(n) ? ms(n) : '-');

const info = (what: string, figure: string, baseline = '', ratio = ''): Row => ({
  what,
  figure,
  baseline,
  ratio,
  budget: 'informational',
  ok: null,
});

/** Error lines the replicas logged, other than the outage notices: when, what, and the error's end. */
function errorLines(logs: Input['logs']) {
  const out: string[] = [];
  for (const l of logs)
    for (const line of l.text.split('\n')) {
      if (!line.includes('"level":50') && !line.includes('"level":60')) continue;
      if (line.includes('Database unavailable')) continue;
      try {
        const e = JSON.parse(line) as { time: number; msg?: string; err?: { message?: string } };
        const why = e.err?.message?.split('\n').pop()?.slice(-160) ?? '';
        out.push(`${l.name} ${new Date(e.time).toISOString().slice(11, 23)} ${e.msg ?? ''}: ${why}`);
      } catch {
        out.push(`${l.name}: ${line.slice(0, 300)}`);
      }
    }
  return out;
}

export function soakTable(o: Input) {
  const c = classify(o.samples, o.faults);
  const k = o.check;
  const ackedAll = k.acked.videos + k.acked.requests + k.acked.completions + k.acked.payments;
  const lostAll = k.lost.videos + k.lost.requests + k.lost.completions + k.lost.payments;
  const writes = o.samples.filter((s) => s.write).length;
  const steady = o.samples.filter((s) => !s.write && !inFaultWindow(o.faults, s)).map((s) => s.ms);
  const errors = errorLines(o.logs);
  const rows: Row[] = [
    info(
      'traffic',
      `${fmt(o.rate)} operations/s for ${o.seconds} s: ${fmt(o.samples.length)} requests (${fmt(writes)} writes), ${fmt(o.traffic.started)} operations, ${o.traffic.skipped} skipped`,
      `capacity ${fmt(o.capacity, 1)} operations/s (${fmt(o.capacityRequests)} requests/s), ${o.clients} clients, ${o.rate === Math.max(1, Math.round(o.capacity / 2)) ? 'measured just before' : 'SOAK_RATE'}`,
      `${(o.rate / o.capacity).toFixed(2)} of capacity`,
    ),
    {
      what: 'acknowledged writes found afterwards',
      figure: `${fmt(ackedAll - lostAll)} of ${fmt(ackedAll)}: uploads ${k.acked.videos - k.lost.videos}/${k.acked.videos}, requests ${k.acked.requests - k.lost.requests}/${k.acked.requests}, completions ${k.acked.completions - k.lost.completions}/${k.acked.completions}, payments ${k.acked.payments - k.lost.payments}/${k.acked.payments}`,
      baseline: 'every 2xx write the driver recorded (the capacity run and the seeding included)',
      ratio: `${lostAll} lost`,
      budget: '0 lost',
      ok: lostAll === 0,
    },
    {
      what: 'paid checkouts granted exactly once',
      figure: `${k.paidSessions} paid: ${k.doubleGrants} granted twice, ${k.paidNotGranted} never granted, ${k.grantedUnpaid} granted unpaid`,
      baseline: 'the checkout page says complete; the ledger has its purchase row',
      ratio: `${k.doubleGrants} double`,
      budget: '0 double, 0 missing',
      ok: k.doubleGrants === 0 && k.paidNotGranted === 0 && k.grantedUnpaid === 0,
    },
    {
      what: 'credits: ledger = balance = granted - spent, one spend per request',
      figure: `${k.families - Math.max(k.ledgerMismatch, k.spendMismatch)} of ${k.families} families`,
      baseline: 'billing history, billing account and request history of each family',
      ratio: `${k.ledgerMismatch} ledger, ${k.spendMismatch} spend mismatches`,
      budget: 'every family',
      ok: k.ledgerMismatch === 0 && k.spendMismatch === 0,
    },
    {
      what: 'answers 500 (and other 5xx but 502/503)',
      figure: `${c.s500} (${c.otherServer})`,
      baseline: `${fmt(c.total)} requests`,
      ratio: '',
      budget: '0',
      ok: c.s500 === 0 && c.otherServer === 0,
    },
    {
      what: '502/503 or no answer outside a fault window',
      figure: String(c.unexpected),
      baseline: `inside fault windows: ${c.expected} (${((c.expected / c.total) * 100).toFixed(2)}% of requests)`,
      ratio: '',
      budget: '0',
      ok: c.unexpected === 0,
    },
    {
      what: 'uploads processed (ready) afterwards',
      figure: `${k.acked.videos - k.lost.videos - k.videosNotReady} of ${k.acked.videos - k.lost.videos}`,
      baseline: 'waited up to 150 s (a killed replica leaves its job to another after 1 minute)',
      ratio: `${k.videosNotReady} not ready`,
      budget: 'all',
      ok: k.videosNotReady === 0,
    },
    info(
      'read p99 outside fault windows',
      steady.length ? ms(pct(steady, 99)) : '-',
      steady.length ? `p50 ${ms(pct(steady, 50))}` : '',
    ),
  ];
  for (const r of recoveries(o.samples, o.faults, o.seconds)) {
    const f = r.fault;
    rows.push(
      info(
        `t=${Math.round(f.at)} s: ${f.what}`,
        `${f.backAt === null ? `not back (${f.error})` : `back after ${(f.backAt - f.at).toFixed(1)} s`}; ${r.failures} 502/503/unanswered${r.failures ? ` over ${r.failedFor.toFixed(1)} s` : ''}; read p99 peak ${msOr(r.peak)}`,
        `read p99 before ${msOr(r.pre)}, ceiling ${msOr(r.ceiling)}`,
        r.recoveredAfter === null
          ? `p99 not back within ${Math.round(r.horizon)} s`
          : `p99 back after ${r.recoveredAfter} s`,
      ),
    );
  }
  const notes = [
    `Soaked commit ${o.commit}: the server bundle of that tree laid out as the image (server/test/deploy-image.ts), NODE_ENV=production, ALLOW_TEST_PAYMENTS=true, DISABLE_RATE_LIMIT=true (every request comes from one address), a fresh PostgreSQL database, s3rver, an SMTP sink, Debian's nginx with deploy/nginx.conf.`,
    `Mix of operations: ${Object.entries(MIX)
      .map(([op, share]) => `${op} ${Math.round(share * 100)}%`)
      .join(
        ', ',
      )}; reads are GET /api/user, /api/players, /api/leaderboard, /api/videos/:playerId in equal parts; a request spends a Max Speed or an IGA credit; a completion is an IGA result with its processed video; a checkout opens a combo pack and pays it on the test checkout page (its webhook grants 3 + 2 credits).`,
    `Faults every ${o.every} s: SIGKILL of one replica in turn, started again after 2 s; ${o.noPgRestart ? `no PostgreSQL restart (${o.noPgRestart})` : 'PostgreSQL stopped (fast) for 10 s once, between two kills'}. A fault's window lasts until ${GRACE_S} s after the replica answers its health check or PostgreSQL has started.`,
    `Recovery: ${WINDOW_S} s windows slide by 1 s from the fault for up to ${HORIZON_S} s (or until the next fault); the p99 is back from the first window from which every window for ${STAY_S} s has no 5xx or unanswered request and a reads' p99 under the ceiling: ${RECOVERED_WITHIN}x the level before the fault (the median of the three ${WINDOW_S} s windows before it or, when faults come closer than that, of every window outside the faults), or the 90th percentile of the p99 of the windows outside the faults if that is higher (a swing the quiet windows show too is not the fault's).`,
    `Replicas logged ${errors.length} error lines other than the database outage notices. Load average ${o.load[0].toFixed(1)} at start, ${o.load[1].toFixed(1)} at end (2 cores shared with the driver, nginx, PostgreSQL, s3rver).`,
  ];
  const perWindow = windows(o.samples, o.seconds)
    .map(
      (w) =>
        `${String(w.from).padStart(4)} s  ${String(w.requests).padStart(5)} req  read p99 ${msOr(w.readP99).padStart(9)}  all p99 ${msOr(w.allP99).padStart(9)}  failed ${w.failed}`,
    )
    .join('\n');
  const details = [
    'answers: ' + [...c.statuses].map(([s, n]) => `${s}: ${n}`).join(', '),
    ...o.faults.map(
      (f) =>
        `fault at ${f.at.toFixed(1)} s, back at ${f.backAt?.toFixed(1) ?? '-'} s: ${f.what}${f.error ? ` (${f.error})` : ''}`,
    ),
    '',
    perWindow,
    ...(k.problems.length ? ['', 'problems found by the check:', ...k.problems] : []),
    ...(c.odd.length
      ? [
          '',
          'unexpected answers:',
          ...c.odd.slice(0, 20).map((s) => `${(s.t / 1000).toFixed(1)} s ${s.kind} ${s.status || s.error}`),
        ]
      : []),
    ...(errors.length ? ['', 'replica error lines (first 20):', ...errors.slice(0, 20)] : []),
  ].join('\n');
  printTable(
    `Soak under faults: ${o.seconds} s, two replicas behind nginx, PostgreSQL, S3`,
    rows,
    notes,
    details,
  );
}
