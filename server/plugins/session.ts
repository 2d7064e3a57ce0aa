import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import fastifyCookie, { signerFactory } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_IDLE_DAYS } from '../../contract/constants';
import type { UserRow } from '../db/schema';
import { keepBounded } from '../lib/kept-in-memory';

/** Session cookies whose signature has been checked, kept by their exact text. */
const CHECKED_COOKIES_MAX = 10_000;

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
  interface FastifyContextConfig {
    /** The route answers with the user's plan: the session load reads it too (`req.userPlanName`). */
    sessionLoadsPlan?: boolean;
  }
  interface FastifyRequest {
    session: AppSession;
    /**
     * The signed-in user, read with the session. A declared endpoint's handler gets it non-null when
     * its access level needs a session (the access check answered 401 otherwise; decision 199).
     */
    user: UserRow | null;
    /**
     * The signed-in user's plan name, read with the session on routes with `sessionLoadsPlan`
     * (decision 184); undefined on every other route.
     */
    userPlanName: string | null | undefined;
    /**
     * Where the request arrived in this process's catching up with other processes' writes (decision
     * 239), taken by the session's hook: a kept answer is served to it only once caught up to here. Null
     * when nothing is kept.
     */
    writesMark: number | null;
  }
}

export const SESSION_COOKIE = 'va.sid';

export type SessionData = Record<string, unknown> & { userId?: number };

export const IDLE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/**
 * A read does not write its session: the expiry is pushed forward only once it has fallen this far
 * behind a fresh one (decision 081), so a session expires after 14 days idle, give or take this much.
 */
export const REFRESH_AFTER_MS = 60 * 60 * 1000;

/** A live session and its user, read in one statement. */
export interface LoadedSession {
  data: SessionData;
  expiresAt: Date;
  user: UserRow | null;
  /** The user's current plan name (null: none), when the load was asked for it (`GET /api/user`). */
  planName?: string | null;
}

/**
 * The session rows, kept by the auth module (`sessionStore`) and handed in by app.ts, so that this plugin
 * knows no module (decision 200).
 */
export interface SessionStore {
  /** `withPlan`: also the user's plan name, so `GET /api/user` needs no second statement. */
  load(sid: string, withPlan?: boolean, mark?: number): Promise<LoadedSession | null>;
  /** Where a request arriving now stands in catching up with other processes (decision 239; `writesMark`). */
  mark?(): number;
  /**
   * The session as `load` would answer it, when that is known without a statement (a kept copy still
   * current); otherwise undefined, and `load` is asked. Lets a request with a kept session go on without
   * waiting (decision 237).
   */
  peek?(sid: string, withPlan?: boolean, mark?: number): LoadedSession | undefined;
  /**
   * Insert or replace; never brings back a tombstone. `isNew`: the id was made by this request, so no row
   * can have it and a plain insert will do (a write other kept sessions need not be dropped for: decision 225).
   */
  save(sid: string, data: SessionData, expiresAt: Date, isNew?: boolean): Promise<void>;
  touch(sid: string, expiresAt: Date): Promise<void>;
  revoke(sid: string): Promise<void>;
  purgeExpired(): Promise<void>;
}

type Queries = SessionStore;

/** A session field's value as stored data is compared: an object as its JSON (decision 235). */
const asCompared = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v);

/**
 * Server-side session (decision 081). The cookie carries a signed random id (same format as
 * @fastify/session used, so cookies survive the change); the row and its user are read in one query
 * when the request starts; a write happens only when the data changed, at login/logout, or once the
 * expiry has fallen an hour behind.
 */
export class AppSession {
  userId?: number;
  #sid: string | null;
  /** The id was made by this request and has no row yet. */
  #made = false;
  /** The data as stored (decision 235): each field's value, an object's as its JSON. */
  #saved = new Map<string, unknown>();
  #expiresAt: number;
  #queries: Queries;
  /** 'keep' = nothing to send; 'set' = send the cookie; 'clear' = clear it. */
  cookie: 'keep' | 'set' | 'clear' = 'keep';

  constructor(queries: Queries, sid: string | null, data: SessionData | null, expiresAt = 0) {
    this.#queries = queries;
    this.#sid = sid;
    this.#expiresAt = expiresAt;
    if (data) for (const [k, v] of Object.entries(data)) (this as Record<string, unknown>)[k] = v;
    this.#snapshot();
  }

  get sessionId(): string {
    if (this.#sid === null) {
      this.#sid = randomBytes(24).toString('base64url');
      this.#made = true;
    }
    return this.#sid;
  }

  /** True once the session has a stored row this request knows about. */
  get isStored() {
    return this.#expiresAt > 0;
  }

  get expiresAt() {
    return new Date(this.#expiresAt);
  }

  get<K extends keyof this>(key: K): this[K] {
    return this[key];
  }

  set<K extends keyof this>(key: K, value: this[K]) {
    this[key] = value;
  }

  /** Notes the data as it is now as the stored data. */
  #snapshot() {
    this.#saved.clear();
    for (const k of Object.keys(this)) {
      const v = (this as Record<string, unknown>)[k];
      if (k !== 'cookie' && v !== undefined) this.#saved.set(k, asCompared(v));
    }
  }

  /**
   * Whether the data differs from the stored data, as their JSON would: a field set to undefined is no
   * field, an object is compared by its JSON (so one changed in place counts). Compared field by field:
   * the JSON of the whole session on every request was 2% of a kept read's CPU.
   */
  isModified() {
    let fields = 0;
    for (const k of Object.keys(this)) {
      const v = (this as Record<string, unknown>)[k];
      if (k === 'cookie' || v === undefined) continue;
      fields++;
      if (asCompared(v) !== this.#saved.get(k)) return true;
    }
    return fields !== this.#saved.size;
  }

  /** A new id and empty data; the old id stops working at once (login, against fixation). */
  async regenerate() {
    await this.#end();
    for (const k of Object.keys(this)) if (k !== 'cookie') delete (this as Record<string, unknown>)[k];
    this.#sid = null;
    this.#snapshot();
    this.cookie = 'keep';
  }

  async save() {
    const expiresAt = Date.now() + IDLE_MS;
    const data = JSON.parse(JSON.stringify(this)) as SessionData;
    const sid = this.sessionId;
    await this.#queries.save(sid, data, new Date(expiresAt), this.#made);
    this.#made = false;
    this.#snapshot();
    this.#expiresAt = expiresAt;
    this.cookie = 'set';
  }

  async destroy() {
    await this.#end();
    for (const k of Object.keys(this)) if (k !== 'cookie') delete (this as Record<string, unknown>)[k];
    this.#snapshot();
    this.cookie = 'clear';
  }

  async #end() {
    if (this.#sid && this.#expiresAt > 0) await this.#queries.revoke(this.#sid);
    this.#expiresAt = 0;
  }

  /** Whether the end of the request has anything to write (most reads have not: decision 081). */
  needsFlush() {
    if (this.cookie === 'clear') return false;
    if (this.isModified()) return this.isStored || this.userId !== undefined;
    return this.isStored && this.#expiresAt < Date.now() + IDLE_MS - REFRESH_AFTER_MS;
  }

  /** At the end of the request: write only what needs writing. */
  async flush() {
    if (!this.needsFlush()) return;
    if (this.isModified()) return this.save();
    const expiresAt = Date.now() + IDLE_MS;
    await this.#queries.touch(this.sessionId, new Date(expiresAt));
    this.#expiresAt = expiresAt;
    this.cookie = 'set';
  }

  toJSON() {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(this)) if (k !== 'cookie') out[k] = v;
    return out;
  }
}

export default fp<{ secret: string; secure: boolean; store: SessionStore }>(async (app, opts) => {
  await app.register(fastifyCookie);
  const signer = signerFactory(opts.secret, 'sha256');
  const queries = opts.store;
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: opts.secure, path: '/' };

  // Idle sessions stop working at once (the load checks expiry); this only keeps the table small.
  const purge = () =>
    queries.purgeExpired().catch((err) => app.log.warn({ err }, 'Purging expired sessions failed'));
  const timer = setInterval(purge, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onReady', purge);
  app.addHook('onClose', async () => clearInterval(timer));

  app.decorateRequest('session', null as unknown as AppSession);
  app.decorateRequest('user', null);
  app.decorateRequest('userPlanName', undefined);
  app.decorateRequest('writesMark', null);

  // A cookie's signature is checked once: later requests with the same cookie find its id here
  // (an HMAC per request was 2-3% of a kept answer's time, decision 218). Only valid ones are kept.
  const checked = new Map<string, string>();
  const idOf = (raw: string) => {
    let sid = checked.get(raw);
    if (sid === undefined) {
      const unsigned = signer.unsign(raw);
      if (!unsigned.valid || unsigned.value === null) return null;
      sid = unsigned.value;
      keepBounded(checked, raw, sid, CHECKED_COOKIES_MAX);
    }
    return sid;
  };

  const settle = (req: FastifyRequest, sid: string | null, loaded: LoadedSession | null) => {
    req.session = loaded
      ? new AppSession(queries, sid, loaded.data, loaded.expiresAt.getTime())
      : new AppSession(queries, null, null);
    // The user row came with the session; a session whose user is gone reads as signed out.
    req.user = loaded?.data.userId && loaded.user?.id === loaded.data.userId ? loaded.user : null;
    if (req.user) req.userPlanName = loaded?.planName;
  };
  // Written with `done`: a request whose session is kept goes on without a promise (decision 237).
  app.addHook('onRequest', (req, _reply, done) => {
    // Taken first: everything another process had acknowledged before now must be heard before this
    // request is served anything from memory (decision 239).
    const mark = queries.mark?.() ?? null;
    req.writesMark = mark;
    const raw = req.cookies[SESSION_COOKIE];
    const sid = raw ? idOf(raw) : null;
    if (!sid) {
      settle(req, null, null);
      return done();
    }
    // A route that answers with the user's plan declares it; the session's statement reads it (decision 184).
    const withPlan = req.routeOptions.config.sessionLoadsPlan === true;
    const kept = queries.peek?.(sid, withPlan, mark ?? undefined);
    if (kept) {
      settle(req, sid, kept);
      return done();
    }
    queries
      .load(sid, withPlan, mark ?? undefined)
      .then((loaded) => settle(req, sid, loaded))
      .then(() => done(), done);
  });

  const sendCookie = (req: FastifyRequest, reply: FastifyReply, session: AppSession) => {
    if (session.cookie === 'set') {
      reply.setCookie(SESSION_COOKIE, signer.sign(session.sessionId), {
        ...cookieOptions,
        expires: session.expiresAt,
      });
    } else if (session.cookie === 'clear' && req.cookies[SESSION_COOKIE]) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
  };
  // Written with `done`: a read with nothing to write makes no promise (decision 218).
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload, done) => {
    const session = req.session;
    if (!session) return done(null, payload);
    if (!session.needsFlush()) {
      sendCookie(req, reply, session);
      return done(null, payload);
    }
    session.flush().then(
      () => {
        sendCookie(req, reply, session);
        done(null, payload);
      },
      (err: Error) => done(err),
    );
  });
});
