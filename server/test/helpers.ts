import type { Role } from '../../contract/access';
import { amountsFromFields, creditFields, ledgerFields } from '../../contract/analysis-kinds';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { openDb, type Db, type DbHandle } from '../db/client';
import { creditTransactions, mailOutbox, users } from '../db/schema';
import { loadEnv, type Env } from '../env';
import { drainJobs } from '../lib/jobs';
import { mailJobHandlers } from '../lib/mail-jobs';
import { hashPassword } from '../lib/password';
import { seedReference } from '../seed';
import { migrateAndSeedForTests, templateDbName, withDb } from './global-setup';
import { reusablePglite } from './pglite-reuse';

export const isRealPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** A fresh migrated database: a clone of the template on PostgreSQL, or in-memory PGlite. */
export async function freshDb(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const snapshot = process.env.VA_PGLITE_SNAPSHOT;
    if (snapshot) {
      return reusablePglite(() =>
        openDb({
          databaseUrl: 'memory://',
          dataDir: tmpdir(),
          loadDataDir: new Blob([readFileSync(snapshot)]),
        }),
      );
    }
    const handle = await openDb({ databaseUrl: 'memory://', dataDir: tmpdir() });
    await migrateAndSeedForTests(handle);
    return handle;
  }
  const name = `va_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDbName()}`);
  await admin.end();
  const handle = await openDb({ databaseUrl: withDb(url, name), dataDir: tmpdir() });
  const close = handle.close;
  handle.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return handle;
}

/**
 * Waits until this process has heard the notifications of every write committed so far (PostgreSQL; on
 * PGlite each is heard before its statement's promise resolves): a sync through the notification queue
 * begun now has come back, as a request waits before serving from memory (decision 239). A test that counts
 * statements served from memory starts from here, so a late notification of its own setup cannot move the
 * write clock mid-test.
 */
export async function writesSettled(handle: DbHandle): Promise<void> {
  if (!handle.pool) return;
  const clock = handle.writes;
  const mark = clock.syncMark();
  const end = Date.now() + 10_000;
  while (!clock.caughtUp(mark)) {
    if (Date.now() > end) throw new Error('the write notifications did not arrive in 10 s');
    // False when the sync is slow or the listener is reconnecting: asked again.
    if (!(await clock.catchUp(mark))) await new Promise((r) => setTimeout(r, 10));
  }
}

/** A second connection to a test's PostgreSQL database: what another process (a replica, the CLI) writes through. */
export async function otherConnection(handle: DbHandle): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: handle.pool!.options.connectionString });
  await client.connect();
  return client;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  env: Env;
  dataDir: string;
  close(): Promise<void>;
}

/** The whole app on a fresh database, rate limits off unless asked for, files in a temp folder. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'va-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    APP_URL: 'http://localhost:5000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DISABLE_RATE_LIMIT: 'true',
    DISABLE_JOBS: 'true',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_secret_for_tests',
    ...overrides,
  });
  const handle = await freshDb();
  const app = await buildApp(env, { db: handle, logger: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    env,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const silentLog = { info() {}, warn() {}, error() {} } as never;

/** Seeds the demo data as a start with `SEED_DEMO` does (the school directory left out); again seeds nothing twice. */
export const seedDemoData = (db: Db) => seedReference(db, { demo: true, log: silentLog, schools: false });

/** The whole app with the demo data a newcomer's `npm start` has. */
export async function createDemoApp(): Promise<TestApp> {
  const t = await createTestApp({ SEED_DEMO: 'true' });
  await seedDemoData(t.db);
  return t;
}

let seq = 0;
export interface TestUser {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

/** Creates a verified user directly in the database and logs in through the API. */
export async function createUser(
  t: TestApp,
  opts: {
    role?: Role;
    credits?: number;
    igaCredits?: number;
    email?: string;
    verified?: boolean;
  } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user${++seq}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'secret123';
  const [row] = await t.db
    .insert(users)
    .values({
      username: email,
      email,
      password: await hashPassword(password),
      role: opts.role ?? 'user',
      firstName: 'Test',
      lastName: `User${seq}`,
      creditBalances: amountsFromFields({ credits: opts.credits, igaCredits: opts.igaCredits }),
      isEmailVerified: opts.verified ?? true,
    })
    .returning();
  const cookie = opts.verified === false ? '' : await login(t, email, password);
  return { id: row.id, email, password, cookie };
}

export async function login(t: TestApp, username: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/** The session cookie a browser would keep: the last one set (a re-login first clears the old one). */
export function cookieFrom(res: LightMyRequestResponse) {
  const set = res.headers['set-cookie'];
  const all = (Array.isArray(set) ? set : set ? [set] : []).map((c) => c.split(';')[0]);
  return all.filter((c) => !c.endsWith('=')).at(-1) ?? '';
}

/** app.inject with the user's session cookie. */
export function as(t: TestApp, user: TestUser | null, opts: InjectOptions) {
  return t.app.inject({
    ...opts,
    headers: { ...(opts.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) },
  });
}

/** Sends the mail waiting in the job queue (tests run without the background worker). */
export async function sendQueuedMail(t: Pick<TestApp, 'db' | 'app'>) {
  await drainJobs(t.db, mailJobHandlers(t.app.mailer));
}

export async function lastMailTo(t: TestApp, to: string) {
  if (t.app) await sendQueuedMail(t);
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.at(-1);
}

export function linkFrom(text: string, pathPrefix: string) {
  const m = new RegExp(`https?://[^\\s]+${pathPrefix}\\?[^\\s]+`).exec(text);
  if (!m) throw new Error(`no ${pathPrefix} link in mail`);
  const u = new URL(m[0]);
  return { url: m[0], token: u.searchParams.get('token')!, email: u.searchParams.get('email')! };
}

/** A user's row with its balances under the answer's names (`credits`, `igaCredits`; decision 203). */
export async function userRow(t: Pick<TestApp, 'db'>, id: number) {
  const [u] = await t.db.select().from(users).where(eq(users.id, id));
  return { ...u, ...(creditFields(u.creditBalances) as { credits: number; igaCredits: number }) };
}

/** Sets some of a user's balances, by the answer's names (a zero is set, not dropped). */
export async function setBalances(
  t: Pick<TestApp, 'db'>,
  id: number,
  fields: { credits?: number; igaCredits?: number },
) {
  const set: Record<string, number> = {};
  if (fields.credits !== undefined) set.max_speed = fields.credits;
  if (fields.igaCredits !== undefined) set.iga = fields.igaCredits;
  await t.db
    .update(users)
    .set({ creditBalances: sql`${users.creditBalances} || ${JSON.stringify(set)}::jsonb` })
    .where(eq(users.id, id));
}

/** A user's ledger, oldest first, with each row's amounts also under the export's names (`amount`, `igaAmount`). */
export async function ledgerOf(t: Pick<TestApp, 'db'>, userId: number) {
  const rows = await t.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(asc(creditTransactions.id));
  return rows.map((r) => ({ ...r, ...(ledgerFields(r.amounts) as { amount: number; igaAmount: number }) }));
}

/** Ledger amounts for a row a test inserts, from the export's names. */
export const ledgerAmounts = (a: { amount?: number; igaAmount?: number }) =>
  amountsFromFields({ credits: a.amount, igaCredits: a.igaAmount });
