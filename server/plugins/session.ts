import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SESSION_IDLE_DAYS } from '../../contract/constants';
import type { Role } from '../../contract/constants';
import type { Db, DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError } from '../lib/app-error';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** The signed-in user, or a 401. */
    requireUser(): UserRow;
    /** The signed-in user with one of the roles, or 401/403. */
    requireRole(...roles: Role[]): UserRow;
  }
}

export const SESSION_COOKIE = 'va.sid';
const IDLE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;

/**
 * An ended session is kept as a tombstone rather than deleted: a request that loaded the session
 * before logout would otherwise write it back when it finishes (rolling sessions save on every
 * response) and sign the user in again.
 */
const TOMBSTONE = { revoked: true };
const TOMBSTONE_MS = 24 * 60 * 60 * 1000;
const isLive = sql`(${sessions.data}->>'revoked') is null`;

export function revokeSessions(db: DbOrTx, where: SQL | undefined) {
  return db
    .update(sessions)
    .set({ data: TOMBSTONE, userId: null, expiresAt: new Date(Date.now() + TOMBSTONE_MS) })
    .where(and(where, isLive));
}

/** Sessions live in the database so several app instances share them. */
export function dbStore(db: Db) {
  return {
    get(sid: string, cb: (err: unknown, session?: any) => void) {
      db.select()
        .from(sessions)
        .where(eq(sessions.sid, sid))
        .then(([row]) => {
          if (!row || row.expiresAt.getTime() <= Date.now() || (row.data as any)?.revoked) return cb(null, null);
          cb(null, row.data);
        }, cb);
    },
    set(sid: string, session: any, cb: (err?: unknown) => void) {
      const data = JSON.parse(JSON.stringify(session));
      const expiresAt = new Date(Date.now() + IDLE_MS);
      const userId = typeof session.userId === 'number' ? session.userId : null;
      db.insert(sessions)
        .values({ sid, data, expiresAt, userId })
        .onConflictDoUpdate({ target: sessions.sid, set: { data, expiresAt, userId }, setWhere: isLive })
        .then(() => cb(), cb);
    },
    destroy(sid: string, cb: (err?: unknown) => void) {
      revokeSessions(db, eq(sessions.sid, sid)).then(() => cb(), cb);
    },
  };
}

export async function endOtherSessions(db: Db, userId: number, keepSid?: string) {
  await revokeSessions(db, keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

export default fp<{ secret: string; secure: boolean }>(async (app, opts) => {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: opts.secret,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    rolling: true,
    store: dbStore(app.db) as any,
    cookie: { httpOnly: true, sameSite: 'lax', secure: opts.secure, path: '/', maxAge: IDLE_MS },
  });

  // Idle sessions stop working at once (the store checks expiry); this only keeps the table small.
  const purge = () => purgeExpiredSessions(app.db).catch((err) => app.log.warn({ err }, 'Purging expired sessions failed'));
  const timer = setInterval(purge, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onReady', purge);
  app.addHook('onClose', async () => clearInterval(timer));

  app.decorateRequest('user', null);
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    if (!this.user) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    return this.user;
  });
  app.decorateRequest('requireRole', function (this: FastifyRequest, ...roles: Role[]) {
    const user = this.requireUser();
    if (!roles.includes(user.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do that');
    return user;
  });

  app.addHook('preHandler', async (req) => {
    const userId = req.session?.userId;
    if (!userId) return;
    const [user] = await app.db.select().from(users).where(eq(users.id, userId));
    req.user = user ?? null;
  });
});
