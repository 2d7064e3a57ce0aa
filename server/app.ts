import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { DbHandle } from './db/client';
import { openAppDb } from './db/app-db';
import { runMigrations } from './db/migrate';
import {
  ensureDemoForty,
  ensureDemoMeasurements,
  ensureDemoMedia,
  seedReference,
  seededDatabaseVersion,
} from './seed';
import type { Env } from './env';
import { createMailer, type Mailer } from './lib/mailer';
import type { Storage } from './lib/storage';
import { createStorage } from './lib/storage-from-env';
import { useFastPasswordHashing } from './lib/password';
import { LOG_SERIALIZERS } from './lib/log-redaction';
import { pageWithFirstReads } from './lib/first-reads-page';
import { firstReads } from '../contract/first-reads';
import accessPlugin from './plugins/access';
import cachePolicyPlugin from './plugins/cache-policy';
import sweeperPlugin from './plugins/sweeper';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import { AccessLog, lazyRequestLogger } from './plugins/access-log';
import answerHeadersPlugin from './plugins/answer-headers';
import instanceIdPlugin from './plugins/instance-id';
import openapiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import unreadBodyPlugin from './plugins/unread-body';
import sessionPlugin, { SESSION_COOKIE } from './plugins/session';
import jobsPlugin from './plugins/jobs';
import paymentsPlugin from './plugins/payments';
import { modules } from './modules';
import { sessionStore } from './modules/auth';
import { cachedSessionStore } from './plugins/session-cache';
import { WEBHOOK_PATH } from './modules/billing';
import { schedulePurgeUnreadable } from './modules/videos';
import { prepareQueuedClips } from './modules/analysis';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    mailer: Mailer;
    storage: Storage;
  }
}

const defaultWebDist = fileURLToPath(new URL('../dist/web', import.meta.url));

interface BuildOptions {
  /** An already-open database (tests share one per file); otherwise opened from env. */
  db?: DbHandle;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole app without listening; tests and main.ts both call this. */
export async function buildApp(env: Env, opts: BuildOptions = {}): Promise<FastifyInstance> {
  if (env.NODE_ENV === 'test') useFastPasswordHashing();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            serializers: LOG_SERIALIZERS,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // One access-log line per request (decision 218).
    logController: new AccessLog(),
    // A request's own logger is made only if the request logs more than its access line (decision 237).
    childLoggerFactory: lazyRequestLogger,
    // Draining after SIGTERM, a request that still reaches this replica on an open connection is
    // served (with Connection: close) rather than refused 503, so nginx need not retry 503s, which
    // marked every replica failed while the database was away (decision 204).
    return503OnClosing: false,
  });
  const handle = opts.db ?? (await openAppDb(env, seededDatabaseVersion));
  try {
    if (!opts.db) {
      await runMigrations(handle);
      await seedReference(handle.db, {
        demo: env.SEED_DEMO,
        log: app.log,
        onReferenceReady: handle.keepAsTemplate,
      });
    }
  } catch (err) {
    await handle.close();
    throw err;
  }

  app.decorate('env', env);
  await app.register(dbPlugin, { handle, answerCacheMs: env.ANSWER_CACHE_MS });
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      db: handle.db,
      log: app.log,
      logBodies: !env.isProduction,
    }),
  );
  app.decorate('storage', createStorage(env));
  app.addHook('onClose', async () => app.mailer.close());

  await app.register(answerHeadersPlugin);
  await app.register(instanceIdPlugin);
  await app.register(errorsPlugin);
  await app.register(accessPlugin);
  await app.register(cachePolicyPlugin);
  await app.register(unreadBodyPlugin);
  // The modules' hourly jobs: the purge of unreadable videos, and the preparations the queued requests' clips
  // lack (decision 347).
  await app.register(sweeperPlugin, {
    queueJobs: async (db) => {
      await schedulePurgeUnreadable(db);
      await prepareQueuedClips(db);
    },
  });
  await app.register(openapiPlugin);
  await app.register(securityPlugin, { appUrl: env.APP_URL, production: env.isProduction });
  await app.register(rateLimitPlugin, { disabled: env.DISABLE_RATE_LIMIT });
  await app.register(sessionPlugin, {
    secret: env.SESSION_SECRET,
    secure: env.isProduction,
    store: cachedSessionStore(sessionStore(app.db), { clock: handle.writes, ttlMs: env.SESSION_CACHE_MS }),
  });
  await app.register(jobsPlugin);
  await app.register(paymentsPlugin, { webhookPath: WEBHOOK_PATH });

  for (const mod of modules) await app.register(mod);
  // Outside any hook (hooks have a 10 s budget): a first start makes the demo clips with ffmpeg and
  // measures the demo speeds on generated run clips; later starts find them and skip.
  if (env.SEED_DEMO && !opts.db) {
    await ensureDemoMedia(app.db, app.storage, app.log).catch((err) =>
      app.log.warn({ err }, 'demo videos could not be made'),
    );
    await ensureDemoMeasurements(app).catch((err) =>
      app.log.warn({ err }, 'demo measurements could not be made'),
    );
    await ensureDemoForty(app).catch((err) => app.log.warn({ err }, 'demo 40s could not be timed'));
  }

  await registerWeb(app);
  return app;
}

/** The built SPA: assets from dist/web, index.html for every non-API path. */
async function registerWeb(app: FastifyInstance) {
  const webDist = path.resolve(app.env.WEB_DIST_DIR ?? defaultWebDist);
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: true,
      // Vite names every file under assets/ by its content's hash: a name never changes content, so a
      // browser keeps it for a year and never asks again (decision 191). The page and the rest: max-age=0.
      cacheControl: false,
      // The build's brotli or gzip copy of a file when the browser accepts it (decision 233); which one went
      // depends on Accept-Encoding, so a shared cache must key on it.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const [pathname, ...query] = req.url.split('?');
    // A missing asset is a 404, not the page: a tab still running an older build then fails clearly.
    const notPage = ['/api/', '/files/', '/assets/'].some((p) => pathname.startsWith(p));
    if (!hasWeb || notPage || req.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `Route ${req.method} ${pathname} not found`, code: 'NOT_FOUND' });
    }
    // A signed-in visit to a screen whose first reads are known gets the page naming them (decision 224).
    const reads = req.cookies?.[SESSION_COOKIE] ? firstReads(pathname, query.join('?')) : [];
    if (reads.length) {
      const page = pageWithFirstReads(await readFile(path.join(webDist, 'index.html'), 'utf8'), reads);
      if (page)
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'cookie')
          .send(page);
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
