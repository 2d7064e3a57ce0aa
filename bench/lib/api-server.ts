/**
 * The app as `npm start` runs it, in its own process, with a signed-in user who has 20 players and a
 * leaderboard to read, plus routes answering the same JSON from memory (baseline b). Prints `READY { port, cookie, bodies }`
 * on stderr once listening. BENCH_DB = postgres URL or "pglite".
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUserSchema } from '../../contract/auth';
import { leaderboardPageSchema } from '../../contract/leaderboard';
import { playerSchema } from '../../contract/players';
import { buildApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import { watchStatements } from '../../server/db/statement-log';
import { hashPassword } from '../../server/lib/password';

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
  ...(dbArg === 'pglite' ? {} : { DATABASE_URL: dbArg }),
});
const app = await buildApp(env);
const YEAR = new Date().getFullYear();

// Counts statements per request on PostgreSQL so the table can show queries and writes per read.
const stats = { requests: 0, queries: 0, writes: 0 };
app.addHook('onResponse', async (req) => {
  if (!req.url.startsWith('/bench/')) stats.requests++;
});
const pool = app.dbHandle.pool;
if (pool)
  watchStatements(pool, (text) => {
    stats.queries++;
    if (/^\s*(insert|update|delete)/i.test(text)) stats.writes++;
  });

const email = 'bench@bench.test';
await app.db.execute(
  sql`insert into users (username, email, password, is_email_verified) values (${email}, ${email}, ${await hashPassword('bench-password')}, true)`,
);
await app.db.execute(sql`
  insert into players (user_id, first_name, last_name, primary_position_id, secondary_position_id, level, school, graduation_year,
    height_inches, weight, city, county, state, address_line1, zip_code, phone, email)
  select (select id from users where email = ${email}), 'First' || g, 'Last' || g, (select min(id) from positions) + g % 12,
    (select min(id) from positions) + (g + 1) % 12, 'High School', 'School ' || g, ${YEAR} + g % 4, 66 + g % 10, 170 + g,
    'Austin', 'Travis', 'TX', g || ' Main Street', '78701', '5125550' || lpad(g::text, 3, '0'), 'player' || g || '@bench.test'
  from generate_series(1, 20) g`);
await app.db.execute(sql`
  insert into leaderboard (player_id, position_id, metric_type, metric_value, season, is_all_time, level, player_name, graduation_year, school, city, county, state)
  select p.id, p.primary_position_id, m.metric, 15 + (p.id * 7 + coalesce(s.season, 0)) % 90 / 10.0, s.season, s.season is null, p.level,
    p.first_name || ' ' || p.last_name, p.graduation_year, p.school, p.city, p.county, p.state
  from players p
  cross join (values ('max_speed'), ('iga_score')) m(metric)
  cross join (select ${YEAR} - i as season from generate_series(0, 6) i union all select null) s`);

const typed = app.withTypeProvider<ZodTypeProvider>();
const memory: Record<string, any> = {};
typed.get(
  '/bench/memory/user',
  { schema: { hide: true, response: { 200: publicUserSchema } } },
  async () => memory.user,
);
typed.get(
  '/bench/memory/players',
  { schema: { hide: true, response: { 200: z.array(playerSchema) } } },
  async () => memory.players,
);
typed.get(
  '/bench/memory/leaderboard',
  { schema: { hide: true, response: { 200: leaderboardPageSchema } } },
  async () => memory.leaderboard,
);
typed.get('/bench/stats', { schema: { hide: true } }, async () => {
  const s = { ...stats };
  stats.requests = 0;
  stats.queries = 0;
  stats.writes = 0;
  return s;
});

const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { username: email, password: 'bench-password' },
});
if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode} ${login.body}`);
const set = ([] as string[]).concat(login.headers['set-cookie'] as string | string[]);
const cookie = set
  .filter((c) => !c.includes('=;'))
  .at(-1)!
  .split(';')[0];

export const ROUTES = {
  user: '/api/user',
  players: '/api/players',
  leaderboard: `/api/leaderboard?metric=max_speed&level=High%20School&season=${YEAR}`,
} as const;

const bodies: Record<string, string> = {};
for (const [name, url] of Object.entries(ROUTES)) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  bodies[name] = res.body;
}
if (JSON.parse(bodies.players).length !== 20) throw new Error('expected 20 players');
for (const [k, v] of Object.entries(bodies)) memory[k] = JSON.parse(v);

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
// stdout carries the access log (to /dev/null, as a server would write it); the parent reads stderr.
process.stderr.write(`READY ${JSON.stringify({ port, cookie, bodies, driver: app.dbHandle.driver })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
