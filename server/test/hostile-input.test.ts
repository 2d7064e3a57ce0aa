import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/errors';
import { createPlayer } from '../modules/analysis/analysis.fixtures';
import type { RouteSchema } from '../plugins/access';
import { createTestApp, createUser, type TestApp, type TestUser } from './helpers';

/**
 * Hostile input generated from the routes' own zod schemas: every key a schema knows gets strange
 * values (wrong types, huge numbers, NUL, lone surrogates, deep or long text, prototype keys), path
 * ids get the same. No request may answer 5xx, every 4xx is the one JSON error shape, and a refused
 * request stores nothing.
 */
// 5,000 in the PostgreSQL pass and 1,500 more in the PGlite pass: npm test sends 6,500 (decision 178).
const TOTAL = Number(process.env.HOSTILE_RUNS ?? (process.env.TEST_DATABASE_URL ? 5000 : 1500));
// Would end the caller's own session or account, or need the raw-body webhook scope.
const SKIP = new Set([
  'POST /api/logout',
  'DELETE /api/account',
  'POST /api/admin/expire-session',
  'DELETE /api/admin/users/:id',
  'POST /api/webhook/webhooks/stripe',
]);

let t: TestApp;
let family: TestUser;
let admin: TestUser;
let routes: { method: string; url: string; access?: string; schema?: RouteSchema }[];

beforeAll(async () => {
  t = await createTestApp({ EXPOSE_DEV_OUTBOX: 'true' });
  family = await createUser(t, { credits: 3, igaCredits: 3 });
  admin = await createUser(t, { role: 'admin', credits: 3, igaCredits: 3 });
  await createPlayer(t, family);
  routes = t.app.accessRoutes.filter(
    (r) =>
      r.method !== 'HEAD' &&
      r.url.startsWith('/api/') &&
      !r.url.startsWith('/api/docs') &&
      !SKIP.has(`${r.method} ${r.url}`),
  );
});
afterAll(() => t.close());

function keysOf(schema: unknown): string[] {
  let s: any = schema;
  for (let i = 0; i < 5 && s; i++) {
    const shape = typeof s.shape === 'function' ? s.shape() : s.shape;
    if (shape && typeof shape === 'object') return Object.keys(shape);
    s = s._def?.in ?? s._def?.schema ?? s._def?.innerType ?? s.def?.in ?? s.def?.innerType;
  }
  return [];
}

const weirdText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    'x\ud800y',
    '\udc00',
    '💥'.repeat(300),
    'x'.repeat(70_000),
    '__proto__',
    'constructor',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    'NaN',
    '-1',
    '1e309',
    '99999999999999999999',
    'WR',
    'High School',
    'College',
    'max_speed',
    '2024',
    'user@example.com',
    'https://www.hudl.com/v/1',
    '01:00',
    '99:99',
  ),
);
const weirdValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    weirdText,
    fc.integer(),
    fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, 1.5, -0),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(weirdText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

function bodyFor(keys: string[]) {
  const known = keys.length
    ? fc.record(Object.fromEntries(keys.map((k) => [k, weirdValue])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(known, fc.dictionary(weirdText, weirdValue, { maxKeys: 6 }), weirdValue);
}

/** Percent-encodes like a client would, sending a lone surrogate as the invalid UTF-8 bytes a hostile client can send. */
function encodePath(text: string) {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (c) => {
    if (c.length === 2 || c.charCodeAt(0) < 0xd800 || c.charCodeAt(0) > 0xdfff) return encodeURIComponent(c);
    const u = c.charCodeAt(0);
    return `%ED%${(0xa0 | ((u >> 6) & 0x0f)).toString(16).toUpperCase()}%${(0x80 | (u & 0x3f)).toString(16).toUpperCase()}`;
  });
}

const counts = async () => {
  const res: any = await t.db.execute(sql`select
    (select count(*) from users) u, (select count(*) from players) p, (select count(*) from analysis_requests) r,
    (select count(*) from referrals) f, (select count(*) from analytics_events) e, (select count(*) from videos) v,
    (select count(*) from credit_transactions) c, (select coalesce(sum(e.v::int), 0) from users, jsonb_each_text(users.credit_balances) as e(k, v)) b`);
  return JSON.stringify(res.rows[0]);
};

describe('hostile input generated from the route schemas', () => {
  it(`${TOTAL} requests: no 5xx, every refusal in the JSON error shape, nothing stored by a refused request`, async () => {
    // Routes that take no input at all get a few calls; the rest share the runs.
    const takesInput = (r: (typeof routes)[number]) =>
      r.method !== 'GET' || r.url.includes(':') || keysOf(r.schema?.querystring).length > 0;
    const fixedRuns = 3;
    const inputRoutes = routes.filter(takesInput).length;
    const perInputRoute = Math.ceil((TOTAL - fixedRuns * (routes.length - inputRoutes)) / inputRoutes);
    let sent = 0;
    let snapshot = await counts();
    const failures: string[] = [];
    const timing: [string, number][] = [];
    for (const r of routes) {
      const started = performance.now();
      const caller =
        r.access === 'admin' || r.access === 'analyst' ? admin : r.access === 'user' ? family : null;
      const params = [...r.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      const arb = fc.record({
        body: bodyFor(keysOf(r.schema?.body)),
        query: fc.record(Object.fromEntries(keysOf(r.schema?.querystring).map((k) => [k, weirdText])), {
          requiredKeys: [],
        }),
        params: fc.tuple(...params.map(() => fc.oneof(weirdText, fc.integer().map(String)))),
      });
      await fc.assert(
        fc.asyncProperty(arb, async ({ body, query, params: values }) => {
          let url = r.url;
          params.forEach((p, i) => (url = url.replace(`:${p}`, encodePath(String(values[i]) || 'x'))));
          url = url.replace('*', 'x');
          const qs = new URLSearchParams(
            Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: qs ? `${url}?${qs}` : url,
            headers: { 'content-type': 'application/json', ...(caller ? { cookie: caller.cookie } : {}) },
            payload: r.method === 'GET' ? undefined : JSON.stringify(body),
          });
          sent += 1;
          const where = `${r.method} ${url} ${JSON.stringify(body).slice(0, 200)}`;
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            const shaped = errorBodySchema.safeParse(res.json());
            if (!shaped.success) failures.push(`shape ${where}: ${res.body.slice(0, 200)}`);
          }
          // The state after the previous request is this one's "before": one count per request.
          const now = await counts();
          if (res.statusCode >= 400 && now !== snapshot)
            failures.push(`stored on ${res.statusCode} ${where}`);
          snapshot = now;
          return true;
        }),
        {
          numRuns: takesInput(r) ? perInputRoute : fixedRuns,
          seed: Number(process.env.HOSTILE_SEED ?? 13),
          endOnFailure: true,
        },
      );
      timing.push([`${r.method} ${r.url}`, performance.now() - started]);
    }
    if (process.env.HOSTILE_TIMING)
      console.log(
        timing
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([k, v]) => `${v.toFixed(0)} ms ${k}`)
          .join('\n'),
      );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
  }, 600_000);
});
