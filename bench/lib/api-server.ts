/**
 * The app as `npm start` runs it, in its own process, with the data every read of the API bench needs:
 * a family of 20 players (the first with a page of 100 videos and its profile shared; every one
 * discoverable by coaches with a verified Max Speed, every other one an IGA score too), a leaderboard to
 * read, an analyst with 200 pending requests in the queue, and an approved coach. Beside each read, a
 * route of the same app answering the same body from memory (baseline b): declared with route() from the
 * same endpoint declaration (same plugins, same response schema), under /bench/memory + the read's URL;
 * for the public profile page, the same HTML with the same headers. Prints `READY { port, cases, bodies,
 * driver }` on stderr once listening, where each case carries its URL, the cookie it is read with, and
 * the statements (text and parameters) one request of it sent on PostgreSQL. BENCH_DB = postgres URL or
 * "pglite".
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analysisApi } from '../../contract/api/analysis';
import { authApi } from '../../contract/api/auth';
import { coachApi } from '../../contract/api/coach';
import { leaderboardApi } from '../../contract/api/leaderboard';
import { playersApi } from '../../contract/api/players';
import { videosApi } from '../../contract/api/videos';
import type { Endpoint } from '../../contract/endpoint';
import { slugParamsSchema } from '../../contract/sharing';
import { buildApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import { hashPassword, useFastPasswordHashing } from '../../server/lib/password';
import { upsertSchools } from '../../server/modules/players';
import { route } from '../../server/plugins/endpoints';
import { watchQueries, type Statement } from './pgbench';
import { BROWSER_HEADERS } from './browser-headers';

const dbArg = process.env.BENCH_DB ?? 'pglite';
const dataDir = mkdtempSync(path.join(tmpdir(), 'va-bench-'));
const env = loadEnv({
  NODE_ENV: 'development',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  DISABLE_RATE_LIMIT: 'true',
  DISABLE_JOBS: 'true',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  // `ANSWER_CACHE_MS=0 npm run bench -- api` measures every read with nothing kept (decision 216).
  ANSWER_CACHE_MS: process.env.ANSWER_CACHE_MS,
  ...(dbArg === 'pglite' ? {} : { DATABASE_URL: dbArg }),
});
const app = await buildApp(env);
const YEAR = new Date().getFullYear();
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;

// Counts statements per request on PostgreSQL so the table can show queries and writes per read; while
// `capture` is set, keeps each statement's text and parameters (baseline c).
/**
 * `dashboards`, `queues`, `shares`: the dashboard's list statement, the queue's page and a public page's
 * link, each sent when a kept answer was not there to send.
 */
const stats = { requests: 0, queries: 0, writes: 0, dashboards: 0, queues: 0, shares: 0 };
let capture: Statement[] | null = null;
app.addHook('onResponse', async (req) => {
  if (!req.url.startsWith('/bench/')) stats.requests++;
});
const pool = app.dbHandle.pool;
if (pool)
  watchQueries(pool, (s) => {
    stats.queries++;
    if (/^\s*(insert|update|delete)/i.test(s.text)) stats.writes++;
    if (/order by "players"\."created_at" desc/.test(s.text)) stats.dashboards++;
    if (/from "analysis_requests"\s+join "players"/.test(s.text)) stats.queues++;
    if (/from "profile_shares" where "profile_shares"\."slug" =/.test(s.text)) stats.shares++;
    capture?.push(s);
  });

// Baseline (b): the same answers from memory, through the same declarations (registered before the first
// request, as Fastify wants; the answers are filled in once the real routes have answered).
const memory: Record<string, { body: unknown; headers: Record<string, string> }> = {};
const memoryPath = (url: string) => `/bench/memory${url}`;
const MEMORY: Record<string, Endpoint> = {
  user: authApi.user,
  players: playersApi.list,
  leaderboard: leaderboardApi.page,
  videos: videosApi.list,
  queue: analysisApi.queue,
  coachSearch: coachApi.search,
};
for (const [name, endpoint] of Object.entries(MEMORY))
  route(
    app,
    { ...endpoint, path: memoryPath(endpoint.path), access: 'public' } as Endpoint,
    async (_req, reply) => {
      const m = memory[name];
      if (m.headers['x-next-cursor']) reply.header('x-next-cursor', m.headers['x-next-cursor']);
      return m.body;
    },
  );
// The public page: same parameters, same HTML, same headers.
app
  .withTypeProvider<ZodTypeProvider>()
  .get(
    memoryPath('/p/:slug'),
    { config: { access: 'public' }, schema: { hide: true, params: slugParamsSchema } },
    async (_req, reply) => {
      for (const [h, v] of Object.entries(memory.profile.headers)) reply.header(h, v);
      return reply.send(memory.profile.body);
    },
  );

app.get('/bench/stats', { schema: { hide: true } }, async () => {
  const s = { ...stats };
  stats.requests = 0;
  stats.queries = 0;
  stats.writes = 0;
  stats.dashboards = 0;
  stats.queues = 0;
  stats.shares = 0;
  return s;
});

const PASSWORD = 'bench-password';
const hash = await hashPassword(PASSWORD);
const FAMILY = 'bench@bench.test';
const ANALYST = 'analyst@bench.test';
const COACH = 'coach@acu.edu';
await app.db.execute(sql`
  insert into users (username, email, password, is_email_verified, role, first_name, last_name) values
    (${FAMILY}, ${FAMILY}, ${hash}, true, 'user', 'Pat', 'Family'),
    (${ANALYST}, ${ANALYST}, ${hash}, true, 'analyst', 'Ana', 'Lyst'),
    (${COACH}, ${COACH}, ${hash}, true, 'coach', 'Cory', 'Coach')`);
await app.db.execute(sql`
  insert into players (user_id, first_name, last_name, primary_position_id, secondary_position_id, level, school, graduation_year,
    height_inches, weight, city, county, state, school_state, address_line1, zip_code, phone, email)
  select (select id from users where email = ${FAMILY}), 'First' || g, 'Last' || g, (select min(id) from positions) + g % 12,
    (select min(id) from positions) + (g + 1) % 12, 'High School', 'School ' || g, ${YEAR} + g % 4, 66 + g % 10, 170 + g,
    'Austin', 'Travis', 'TX', 'TX', g || ' Main Street', '78701', '5125550' || lpad(g::text, 3, '0'), 'player' || g || '@bench.test'
  from generate_series(1, 20) g`);
const [{ id: firstPlayer }] = await rows<{ id: number }>(
  sql`select min(id)::int as id from players where email = 'player1@bench.test'`,
);
// A page of videos (100, the page size) for the first player.
await app.db.execute(sql`
  insert into videos (player_id, url, status, max_speed, position_id, created_at)
  select ${firstPlayer}, 'videos/bench-' || g || '.mp4', case when g % 10 = 0 then 'pending' else 'ready' end,
    15 + (g % 100) / 10.0, (select min(id) from positions), now() - (g || ' hours')::interval
  from generate_series(1, 100) g`);
await app.db.execute(sql`
  insert into leaderboard (player_id, position_id, metric_type, metric_value, season, is_all_time, level, player_name, graduation_year, school, city, county, state)
  select p.id, p.primary_position_id, m.metric, 15 + (p.id * 7 + coalesce(s.season, 0)) % 90 / 10.0, s.season, s.season is null, p.level,
    p.first_name || ' ' || p.last_name, p.graduation_year, p.school, p.city, p.county, p.state
  from players p
  cross join (values ('max_speed'), ('iga_score')) m(metric)
  cross join (select ${YEAR} - i as season from generate_series(0, 6) i union all select null) s`);
// Verified numbers (every player a Max Speed, every other one an IGA score), then 200 pending requests.
await app.db.execute(sql`
  insert into analysis_requests (player_id, user_id, hudl_url, season, status, request_type, position_id, max_speed,
    max_speed_plus_minus, iga_score, method_label, completed_at, created_at)
  select p.id, p.user_id, 'https://www.hudl.com/video/' || p.id, ${YEAR}, 'completed', k.kind, p.primary_position_id,
    case when k.kind = 'max_speed' then 15 + p.id % 90 / 10.0 end, case when k.kind = 'max_speed' then 0.4 end,
    case when k.kind = 'iga' then 60 + p.id % 40 end, 'video 29.97 fps, yard-line crossings',
    now() - (p.id || ' days')::interval, now() - (p.id || ' days')::interval - interval '1 day'
  from players p cross join (values ('max_speed'), ('iga')) k(kind)
  where k.kind = 'max_speed' or p.id % 2 = 0`);
await app.db.execute(sql`
  insert into analysis_requests (player_id, user_id, hudl_url, season, status, request_type, position_id, created_at)
  select p.id, p.user_id, 'https://www.hudl.com/video/q' || g, ${YEAR}, 'pending',
    case when g % 3 = 0 then 'iga' else 'max_speed' end, p.primary_position_id, now() - (g || ' minutes')::interval
  from generate_series(1, 200) g join players p on p.email = 'player' || (1 + g % 20) || '@bench.test'`);
// Every player discoverable (the trigger writes coach_search); the coach approved at a college.
await app.db.execute(sql`
  insert into player_discovery (player_id, guardian_confirmed_by) select id, user_id from players`);
await upsertSchools(app.db, [
  {
    level: 'College',
    name: 'Abilene Christian University',
    city: 'Abilene',
    state: 'TX',
    ipedsId: 222178,
    website: 'acu.edu',
  },
]);
await app.db.execute(sql`
  insert into coaches (user_id, school_id, title, status, domain_matched, decided_at)
  select u.id, s.id, 'Recruiting Coordinator', 'approved', true, now()
  from users u, schools s where u.email = ${COACH} and s.ipeds_id = 222178`);
for (const t of ['players', 'videos', 'leaderboard', 'analysis_requests', 'coach_search'])
  await app.db.execute(sql.raw(`analyze ${t}`));

async function login(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`bench login ${email} failed: ${res.statusCode} ${res.body}`);
  const set = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
  return set
    .filter((c) => !c.includes('=;'))
    .at(-1)!
    .split(';')[0];
}
// A second family whose steady writes (sign-ins, its profile link turned on and off) the
// kept-under-writes bench makes beside the reads (decision 225); its password is hashed cheaply, so a
// sign-in costs the bench its statements rather than scrypt's 128 MiB.
const WRITER = 'writer@bench.test';
useFastPasswordHashing();
await app.db.execute(sql`
  insert into users (username, email, password, is_email_verified, role, first_name, last_name) values
    (${WRITER}, ${WRITER}, ${await hashPassword(PASSWORD)}, true, 'user', 'Wes', 'Writer')`);
await app.db.execute(sql`
  insert into players (user_id, first_name, last_name, primary_position_id, level, school, graduation_year,
    height_inches, weight, city, county, state, school_state, address_line1, zip_code, phone, email)
  select id, 'Wes', 'Junior', (select min(id) from positions), 'High School', 'School W', ${YEAR}, 70, 180,
    'Austin', 'Travis', 'TX', 'TX', '1 Side Street', '78701', '5125559999', 'wes@bench.test'
  from users where email = ${WRITER}`);
const [{ id: writerPlayer }] = await rows<{ id: number }>(
  sql`select id from players where email = 'wes@bench.test'`,
);
const family = await login(FAMILY);
const analyst = await login(ANALYST);
const coach = await login(COACH);

const share = await app.inject({
  method: 'PUT',
  url: `/api/players/${firstPlayer}/share`,
  headers: { cookie: family },
  payload: { enabled: true },
});
const sharedPath = share.json<{ path?: string }>().path;
if (share.statusCode !== 200 || !sharedPath)
  throw new Error(`sharing the profile failed: ${share.statusCode} ${share.body}`);

interface Case {
  url: string;
  cookie: string;
}
/** In the order the bench runs them; the coach search last (decision 211 is still changing it). */
const CASES: Record<string, Case> = {
  user: { url: '/api/user', cookie: family },
  players: { url: '/api/players', cookie: family },
  leaderboard: {
    url: `/api/leaderboard?metric=max_speed&level=High%20School&season=${YEAR}`,
    cookie: family,
  },
  videos: { url: `/api/videos/${firstPlayer}`, cookie: family },
  queue: { url: '/api/analysis-requests/queue', cookie: analyst },
  profile: { url: sharedPath, cookie: '' },
  coachSearch: { url: '/api/coach/search?sort=speed', cookie: coach },
};

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
  statements: Statement[];
  wire: { base64: string; type: string; encoding: string | null };
}
const answers: Record<string, Answer> = {};
for (const [name, c] of Object.entries(CASES)) {
  const get = () => app.inject({ method: 'GET', url: c.url, headers: c.cookie ? { cookie: c.cookie } : {} });
  await get(); // warm: prepared statements, the public page's cache
  // As after a write: the session and the answer are read afresh (decisions 215, 216), so (c) has the
  // statements a read sends when nothing is kept.
  app.dbHandle.writes.tick();
  capture = [];
  const res = await get();
  const statements = capture;
  capture = null;
  const headers: Record<string, string> = {};
  for (const h of ['x-next-cursor', 'cache-control', 'x-robots-tag', 'content-type'])
    if (typeof res.headers[h] === 'string') headers[h] = res.headers[h];
  // The bytes a browser gets (a kept answer compressed, decision 236), for the bare server to send.
  const asBrowser = await app.inject({
    method: 'GET',
    url: c.url,
    headers: { ...BROWSER_HEADERS, ...(c.cookie ? { cookie: c.cookie } : {}) },
  });
  const wire = {
    base64: asBrowser.rawPayload.toString('base64'),
    type: String(asBrowser.headers['content-type']),
    encoding: asBrowser.headers['content-encoding'] ?? null,
  };
  answers[name] = { status: res.statusCode, body: res.body, headers, statements, wire };
  if (res.statusCode !== 200) process.stderr.write(`${c.url} answered ${res.statusCode}: ${res.body}\n`);
}
if ((JSON.parse(answers.players.body) as unknown[]).length !== 20) throw new Error('expected 20 players');
for (const [name, a] of Object.entries(answers))
  memory[name] = { body: name in MEMORY ? JSON.parse(a.body) : a.body, headers: a.headers };

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const cases = Object.fromEntries(
  Object.entries(CASES).map(([name, c]) => [
    name,
    {
      url: c.url,
      memoryUrl: memoryPath(c.url),
      cookie: c.cookie,
      status: answers[name].status,
      error: answers[name].status === 200 ? null : answers[name].body.slice(0, 300),
      body: answers[name].body,
      wire: answers[name].wire,
      statements: answers[name].statements,
    },
  ]),
);
// stdout carries the access log (to /dev/null, as a server would write it); the parent reads stderr.
const [{ id: firstPosition }] = await rows<{ id: number }>(sql`select min(id) as id from positions`);
/** The writer's player as its edit form sends it (PUT /api/players/{id}); the bench changes the first name. */
const editBody = {
  firstName: 'Wes',
  lastName: 'Junior',
  level: 'High School',
  school: 'School W',
  graduationYear: YEAR,
  primaryPositionId: firstPosition,
  gender: 'Male',
  dateOfBirth: '2009-04-12',
  addressLine1: '1 Side Street',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  county: 'Travis',
  email: 'wes@bench.test',
  phone: '(512) 555-9999',
  phoneCountryCode: '+1',
  heightInches: 70,
  weight: 180,
  instagramHandle: '@wes',
  twitterHandle: '@wes',
};
/**
 * Many families, each signed in and reading its own dashboard (kept-under-writes): FAMILIES of them, two
 * players each, so a write that drops every family's kept dashboard shows as many families' misses.
 */
const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 200);
await app.db.execute(sql`
  insert into users (username, email, password, is_email_verified, role, first_name, last_name)
  select 'family' || g || '@bench.test', 'family' || g || '@bench.test', ${await hashPassword(PASSWORD)}, true,
    'user', 'Fam', 'Ily' || g
  from generate_series(1, ${FAMILIES}) g`);
await app.db.execute(sql`
  insert into players (user_id, first_name, last_name, primary_position_id, level, school, graduation_year,
    height_inches, weight)
  select u.id, 'Kid' || k, u.last_name, (select min(id) from positions), 'High School', 'School F', ${YEAR}, 70, 180
  from users u cross join generate_series(1, 2) k where u.email like 'family%@bench.test'`);
const families: string[] = [];
for (let i = 1; i <= FAMILIES; i++) families.push(await login(`family${i}@bench.test`));
const writer = {
  email: WRITER,
  password: PASSWORD,
  playerId: writerPlayer,
  cookie: await login(WRITER),
  editBody,
};
process.stderr.write(
  `READY ${JSON.stringify({ port, cases, driver: app.dbHandle.driver, writer, families })}\n`,
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
