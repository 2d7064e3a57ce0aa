/**
 * After the soak, through the API as each family and the checkout page see it: every acknowledged
 * write is there, every paid checkout granted its credits exactly once, and each family's ledger adds
 * up to its balance and to what it bought minus what it spent. Which checkout a purchase row came from is
 * read from the database (`purchaseSessions`): a family's billing history no longer links a row to its test
 * checkout (decision 206: an admin's tool), and the history's purchase rows must be as many.
 */
import type { Answer, Recorder } from './soak-http';
import type { Family, World } from './soak-ops';
import { sleep } from './soak-topology';

interface LedgerItem {
  type: string;
  credits: number;
  igaCredits: number;
}

/** The checkout session of each purchase row of a family's ledger (by the family's email). */
export type PurchaseSessions = (email: string) => Promise<string[]>;
interface Snapshot {
  videos: Map<number, string>;
  requests: Map<number, { status: string; requestType: string }>;
  ledger: LedgerItem[];
  balance: { credits: number; igaCredits: number };
  sessions: Map<string, string>;
}

async function get<T>(rec: Recorder, p: string, cookie?: string): Promise<{ body: T; a: Answer }> {
  for (let tries = 0; ; tries++) {
    const a = await rec.call(`check ${p.split('?')[0]}`, p, { cookie });
    if (a.status === 200) return { body: a.body as T, a };
    if (tries >= 5) throw new Error(`check: GET ${p} answered ${a.status} ${JSON.stringify(a.body)}`);
    await sleep(1000);
  }
}

async function allPages<T>(rec: Recorder, p: string, cookie: string, items: (b: any) => T[]) {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = p.includes('?') ? '&' : '?';
    const { body, a }: { body: unknown; a: Answer } = await get<unknown>(
      rec,
      cursor ? `${p}${sep}cursor=${encodeURIComponent(cursor)}` : p,
      cookie,
    );
    out.push(...items(body));
    cursor = a.headers?.get('x-next-cursor') ?? null;
  } while (cursor);
  return out;
}

async function snapshot(w: World, f: Family): Promise<Snapshot> {
  const rec = w.rec;
  const videos = new Map<number, string>();
  const requests = new Map<number, { status: string; requestType: string }>();
  for (const pid of f.players) {
    for (const v of await allPages(
      rec,
      `/api/videos/${pid}`,
      f.cookie,
      (b) => b.videos as { id: number; status: string }[],
    ))
      videos.set(v.id, v.status);
    const { body } = await get<{ id: number; status: string; requestType: string }[]>(
      rec,
      `/api/players/${pid}/requests`,
      f.cookie,
    );
    for (const r of body) requests.set(r.id, r);
  }
  const ledger = await allPages(rec, '/api/billing/history?limit=100', f.cookie, (b) => b as LedgerItem[]);
  const { body: balance } = await get<{ credits: number; igaCredits: number }>(
    rec,
    '/api/billing/account',
    f.cookie,
  );
  const sessions = new Map<string, string>();
  for (const s of w.acked.sessions.filter((x) => x.family === f)) {
    const { body } = await get<{ status: string }>(rec, `/api/checkout/test/${s.id}`);
    sessions.set(s.id, body.status);
  }
  return { videos, requests, ledger, balance, sessions };
}

export interface CheckResult {
  acked: { videos: number; requests: number; completions: number; payments: number };
  lost: { videos: number; requests: number; completions: number; payments: number };
  paidSessions: number;
  doubleGrants: number;
  paidNotGranted: number;
  grantedUnpaid: number;
  ledgerMismatch: number;
  spendMismatch: number;
  videosNotReady: number;
  families: number;
  problems: string[];
}

/** Waits (up to `waitS`) for the processing jobs of acknowledged uploads, then checks everything. */
export async function checkWorld(
  w: World,
  purchaseSessions: PurchaseSessions,
  waitS = 150,
): Promise<CheckResult> {
  const r: CheckResult = {
    acked: {
      videos: w.acked.videos.length,
      requests: w.acked.requests.length,
      completions: w.acked.completions.length,
      payments: w.acked.payments.length,
    },
    lost: { videos: 0, requests: 0, completions: 0, payments: 0 },
    paidSessions: 0,
    doubleGrants: 0,
    paidNotGranted: 0,
    grantedUnpaid: 0,
    ledgerMismatch: 0,
    spendMismatch: 0,
    videosNotReady: 0,
    families: w.families.length,
    problems: [],
  };
  const snaps = new Map<Family, Snapshot>();
  for (const end = Date.now() + waitS * 1000; ;) {
    for (const f of w.families) snaps.set(f, await snapshot(w, f));
    const waiting = w.acked.videos.filter((v) => snaps.get(v.family)!.videos.get(v.id) === 'pending');
    if (!waiting.length || Date.now() > end) break;
    await sleep(5000);
  }
  /** Counts a finding and keeps its description (the first 40). */
  const found = (bump: () => void, text: string) => {
    bump();
    if (r.problems.length < 40) r.problems.push(text);
  };

  for (const v of w.acked.videos) {
    const status = snaps.get(v.family)!.videos.get(v.id);
    if (status === undefined)
      found(() => r.lost.videos++, `video ${v.id} (player ${v.playerId}) acknowledged, not listed`);
    else if (status !== 'ready')
      found(() => r.videosNotReady++, `video ${v.id} is '${status}' after ${waitS} s`);
  }
  for (const q of w.acked.requests)
    if (!snaps.get(q.family)!.requests.has(q.id))
      found(() => r.lost.requests++, `request ${q.id} acknowledged, not in the history`);
  for (const c of w.acked.completions) {
    const status = snaps.get(c.family)!.requests.get(c.id)?.status;
    if (status !== 'completed')
      found(() => r.lost.completions++, `completion of request ${c.id} acknowledged, status '${status}'`);
  }

  for (const f of w.families) {
    const s = snaps.get(f)!;
    const grants = new Map<string, number>();
    const purchases = await purchaseSessions(f.email);
    for (const id of purchases) grants.set(id, (grants.get(id) ?? 0) + 1);
    const listed = s.ledger.filter((i) => i.type === 'purchase').length;
    if (listed !== purchases.length)
      found(
        () => r.ledgerMismatch++,
        `${f.email}: the billing history lists ${listed} purchases, the ledger holds ${purchases.length}`,
      );
    for (const [id, status] of s.sessions) {
      const n = grants.get(id) ?? 0;
      if (status === 'complete') r.paidSessions++;
      if (n > 1) found(() => r.doubleGrants++, `${f.email}: checkout ${id} granted ${n} times`);
      if (status === 'complete' && n === 0)
        found(() => r.paidNotGranted++, `${f.email}: checkout ${id} paid, never granted`);
      if (status !== 'complete' && n > 0)
        found(() => r.grantedUnpaid++, `${f.email}: checkout ${id} is '${status}' but granted`);
    }
    for (const p of w.acked.payments.filter((x) => x.family === f)) if (!grants.has(p.id)) r.lost.payments++;

    const sum = (k: 'credits' | 'igaCredits', pred: (i: LedgerItem) => boolean = () => true) =>
      s.ledger.filter(pred).reduce((a, i) => a + i[k], 0);
    if (sum('credits') !== s.balance.credits || sum('igaCredits') !== s.balance.igaCredits) {
      found(
        () => r.ledgerMismatch++,
        `${f.email}: ledger ${sum('credits')}/${sum('igaCredits')}, balance ${s.balance.credits}/${s.balance.igaCredits}`,
      );
    }
    // Every credit spent has its request, and every request its spend: granted - spent = balance.
    const made = [...s.requests.values()];
    const spentMs = -sum('credits', (i) => i.type === 'spend');
    const spentIga = -sum('igaCredits', (i) => i.type === 'spend');
    const grantedMs = sum('credits', (i) => i.type === 'purchase');
    const grantedIga = sum('igaCredits', (i) => i.type === 'purchase');
    const madeMs = made.filter((q) => q.requestType === 'max_speed').length;
    const madeIga = made.filter((q) => q.requestType === 'iga').length;
    if (
      spentMs !== madeMs ||
      spentIga !== madeIga ||
      grantedMs - spentMs !== s.balance.credits ||
      grantedIga - spentIga !== s.balance.igaCredits
    ) {
      found(
        () => r.spendMismatch++,
        `${f.email}: requests ${madeMs}/${madeIga}, spent ${spentMs}/${spentIga}, granted ${grantedMs}/${grantedIga}, balance ${s.balance.credits}/${s.balance.igaCredits}`,
      );
    }
  }
  return r;
}
