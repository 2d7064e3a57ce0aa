/**
 * The app in its own process for the video benchmarks: embedded PGlite in memory, jobs off (the
 * processing job runs after an upload has answered; it is not part of the upload), rate limits off, a 1 TiB
 * storage quota (the quota is still counted and enforced on every upload; the rounds add up to more than the
 * base 2 GB),
 * access log at info to /dev/null. Signs in a family with one player and prints on stderr
 * `READY { port, pid, cookie, playerId, signedUrl }`. VIDEO_BENCH_DATA_DIR is its DATA_DIR; when
 * VIDEO_BENCH_SERVE_KEY names a stored file (e.g. videos/bench.mp4) the signed URL points at it.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import { hashPassword } from '../../server/lib/password';

const dataDir = process.env.VIDEO_BENCH_DATA_DIR;
if (!dataDir) throw new Error('VIDEO_BENCH_DATA_DIR is required');
const env = loadEnv({
  NODE_ENV: 'development',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: 'memory://',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'info',
  DISABLE_RATE_LIMIT: 'true',
  DISABLE_JOBS: 'true',
  VIDEO_STORAGE_BASE_BYTES: String(2 ** 40),
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
});
const app = await buildApp(env);

const email = 'video-bench@bench.test';
await app.db.execute(
  sql`insert into users (username, email, password, is_email_verified) values (${email}, ${email}, ${await hashPassword('bench-password')}, true)`,
);
const res = await app.db.execute(sql`
  insert into players (user_id, first_name, last_name, primary_position_id, level, school, graduation_year, height_inches, weight, city, county, state)
  values ((select id from users where email = ${email}), 'Bench', 'Runner', (select min(id) from positions), 'High School', 'Bench High',
    ${new Date().getFullYear() + 1}, 70, 180, 'Austin', 'Travis', 'TX')
  returning id`);
const playerId = Number((res as unknown as { rows: { id: number }[] }).rows[0].id);

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

await app.listen({ port: Number(process.env.VIDEO_BENCH_PORT ?? 0), host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const key = process.env.VIDEO_BENCH_SERVE_KEY;
const signedUrl = key ? app.storage.url(key, 24 * 3600) : null;
process.stderr.write(`READY ${JSON.stringify({ port, pid: process.pid, cookie, playerId, signedUrl })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
