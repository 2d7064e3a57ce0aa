import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { IDLE_MS, type LoadedSession, type SessionData, type SessionStore } from '../../plugins/session';
import { currentPlanName } from './public-user';

// The session rows (decision 081): read with their user in one statement, written only when changed.

/**
 * An ended session is kept as a tombstone rather than deleted: a request that loaded the session
 * before logout would otherwise write it back when it finishes and sign the user in again.
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

export async function endOtherSessions(db: Db, userId: number, keepSid?: string) {
  await revokeSessions(
    db,
    keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId),
  );
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/** The store the session plugin is given (app.ts): the rows, and the purge of expired ones. */
export function sessionStore(db: Db): SessionStore {
  return { ...sessionQueries(db), purgeExpired: () => purgeExpiredSessions(db) };
}

function sessionQueries(db: Db) {
  const columns = { data: sessions.data, expiresAt: sessions.expiresAt, user: users };
  const bySid = eq(sessions.sid, sql.placeholder('sid'));
  const joinUser = eq(users.id, sessions.userId);
  const load = db
    .select(columns)
    .from(sessions)
    .leftJoin(users, joinUser)
    .where(bySid)
    .prepare('va_session_load');
  const loadWithPlan = db
    .select({ ...columns, planName: currentPlanName(users.id) })
    .from(sessions)
    .leftJoin(users, joinUser)
    .where(bySid)
    .prepare('va_session_load_plan');
  return {
    /** `withPlan`: also the user's plan name, so `GET /api/user` needs no second statement. */
    async load(sid: string, withPlan = false): Promise<LoadedSession | null> {
      const [row] = withPlan ? await loadWithPlan.execute({ sid }) : await load.execute({ sid });
      if (!row || row.expiresAt.getTime() <= Date.now() || (row.data as { revoked?: boolean })?.revoked)
        return null;
      const loaded: LoadedSession = {
        data: row.data as SessionData,
        expiresAt: row.expiresAt,
        user: row.user,
      };
      if ('planName' in row) loaded.planName = (row.planName as string | null) ?? null;
      return loaded;
    },
    /** Insert or replace; never brings back a tombstone. A new id (192 random bits) is a plain insert. */
    async save(sid: string, data: SessionData, expiresAt: Date, isNew = false) {
      const userId = typeof data.userId === 'number' ? data.userId : null;
      const insert = db.insert(sessions).values({ sid, data, expiresAt, userId });
      if (isNew) await insert.onConflictDoNothing({ target: sessions.sid });
      else
        await insert.onConflictDoUpdate({
          target: sessions.sid,
          set: { data, expiresAt, userId },
          setWhere: isLive,
        });
    },
    async touch(sid: string, expiresAt: Date) {
      await db
        .update(sessions)
        .set({ expiresAt })
        .where(and(eq(sessions.sid, sid), isLive));
    },
    async revoke(sid: string) {
      await revokeSessions(db, eq(sessions.sid, sid));
    },
  };
}

/** Callback-style access to the same rows (express-session store shape; tests use it). */
export function dbStore(db: Db) {
  const q = sessionQueries(db);
  return {
    get(sid: string, cb: (err: unknown, session?: SessionData | null) => void) {
      q.load(sid).then((s) => cb(null, s ? s.data : null), cb);
    },
    set(sid: string, session: unknown, cb: (err?: unknown) => void) {
      q.save(sid, JSON.parse(JSON.stringify(session)), new Date(Date.now() + IDLE_MS)).then(() => cb(), cb);
    },
    destroy(sid: string, cb: (err?: unknown) => void) {
      q.revoke(sid).then(() => cb(), cb);
    },
  };
}
