/**
 * What a family and an analyst do, through nginx, each write remembered when it was acknowledged
 * (a 2xx): the check afterwards must find every one of them.
 */
import { ok, sessionCookie, type Recorder } from './soak-http';

export interface Family {
  email: string;
  cookie: string;
  players: number[];
  /** What the driver believes is left: it picks a family with a credit for a request. */
  credits: { max_speed: number; iga: number };
}

export interface World {
  rec: Recorder;
  families: Family[];
  analystCookie: string;
  positions: Record<string, number>;
  comboPlanId: number;
  comboCredits: { max_speed: number; iga: number };
  igaFields: Record<string, string>;
  clip: Blob;
  /** IGA requests acknowledged and not yet given to the analyst. */
  pendingIga: { id: number; family: Family }[];
  acked: Acked;
}

export interface Acked {
  videos: { id: number; family: Family; playerId: number }[];
  requests: { id: number; family: Family; playerId: number; kind: 'max_speed' | 'iga' }[];
  completions: { id: number; family: Family; playerId: number }[];
  /** Checkout sessions opened (acknowledged or not, the session may exist) and those paid with a 2xx. */
  sessions: { id: string; family: Family }[];
  payments: { id: string; family: Family }[];
}

export const emptyAcked = (): Acked => ({
  videos: [],
  requests: [],
  completions: [],
  sessions: [],
  payments: [],
});

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
const year = new Date().getFullYear();

export const reads = [
  { kind: 'GET /api/user', path: () => '/api/user' },
  { kind: 'GET /api/players', path: () => '/api/players' },
  {
    kind: 'GET /api/leaderboard',
    path: () =>
      `/api/leaderboard?metric=${Math.random() < 0.5 ? 'max_speed' : 'iga_score'}&level=High%20School&season=${year}`,
  },
  { kind: 'GET /api/videos/:playerId', path: (f: Family) => `/api/videos/${pick(f.players)}` },
] as const;

export async function read(w: World, f: Family) {
  const r = pick([...reads]);
  await w.rec.call(r.kind, r.path(f), { cookie: f.cookie });
}

/** Opens a checkout for the combo pack and pays it on the test checkout page (its webhook grants). */
export async function checkout(w: World, f: Family) {
  const opened = await w.rec.call('POST /api/checkout', '/api/checkout', {
    cookie: f.cookie,
    json: { planId: w.comboPlanId },
  });
  if (!ok(opened)) return false;
  const id = new URL((opened.body as { url: string }).url).pathname.split('/').pop()!;
  w.acked.sessions.push({ id, family: f });
  const paid = await w.rec.call('POST /api/checkout/test/:id/pay', `/api/checkout/test/${id}/pay`, {
    json: { cardNumber: '4242 4242 4242 4242', expiry: `12/${(year + 2) % 100}`, cvc: '123' },
  });
  if (!ok(paid)) return false;
  w.acked.payments.push({ id, family: f });
  f.credits.max_speed += w.comboCredits.max_speed;
  f.credits.iga += w.comboCredits.iga;
  return true;
}

/** Spends one credit: a Max Speed or an IGA request for one of the family's players. */
export async function requestAnalysis(w: World, f: Family, kind: 'max_speed' | 'iga') {
  const playerId = pick(f.players);
  const base = {
    playerId,
    hudlUrl: 'https://www.hudl.com/video/3/123/abc',
    season: year,
    positionId: w.positions.WR,
  };
  const a =
    kind === 'max_speed'
      ? await w.rec.call('POST /api/analysis-requests', '/api/analysis-requests', {
          cookie: f.cookie,
          json: { ...base, startTime: '00:23', requestType: 'max_speed' },
        })
      : await w.rec.call('POST /api/iga-analysis-requests', '/api/iga-analysis-requests', {
          cookie: f.cookie,
          json: { ...base, notes: 'Number 7, white jersey' },
        });
  f.credits[kind] -= 1;
  if (!ok(a)) return;
  const id = (a.body as { id: number }).id;
  w.acked.requests.push({ id, family: f, playerId, kind });
  if (kind === 'iga') w.pendingIga.push({ id, family: f });
}

export async function upload(w: World, f: Family) {
  const playerId = pick(f.players);
  const form = new FormData();
  form.set('playerId', String(playerId));
  form.set('positionId', String(w.positions.WR));
  form.set('file', w.clip, 'run.mp4');
  const a = await w.rec.call('POST /api/videos/upload', '/api/videos/upload', { cookie: f.cookie, form });
  if (ok(a)) w.acked.videos.push({ id: (a.body as { id: number }).id, family: f, playerId });
}

/** The analyst completes the oldest IGA request the driver has: score, submetrics, processed video. */
export async function complete(w: World) {
  const next = w.pendingIga.shift();
  if (!next) return false;
  const form = new FormData();
  for (const [k, v] of Object.entries(w.igaFields)) form.set(k, v);
  form.set('video', w.clip, 'processed.mp4');
  const a = await w.rec.call(
    'POST /api/analysis-requests/:id/complete',
    `/api/analysis-requests/${next.id}/complete`,
    { cookie: w.analystCookie, form },
  );
  if (ok(a)) {
    const playerId = (a.body as { request: { playerId: number } }).request.playerId;
    w.acked.completions.push({ id: next.id, family: next.family, playerId });
  }
  return true;
}

/** Signs in; answers the session cookie. */
export async function signIn(rec: Recorder, email: string, password: string) {
  const a = await rec.call('POST /api/login', '/api/login', { json: { username: email, password } });
  const cookie = ok(a) ? sessionCookie(a) : undefined;
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${a.status} ${JSON.stringify(a.body)}`);
  return cookie;
}
