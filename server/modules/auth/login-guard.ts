import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { clear, hit } from '../../lib/counters';

/**
 * Failed sign-ins are limited without letting a stranger lock the owner out (decision 071, OWASP
 * "device cookies"): a browser that has signed in to the account before carries a signed device cookie
 * and has a budget of its own; every other client shares the account's budget and has one per address.
 * Each attempt is counted before the password is checked (parallel guesses cannot slip past) and a
 * correct password clears the counters, so only failures remain counted.
 */
export const DEVICE_COOKIE = 'va.device';
const WINDOW_MS = 15 * 60 * 1000;
const DEVICE_DAYS = 180;
const LOGIN_LIMITS = { pair: 5, account: 10, device: 10 } as const;
export const LOGIN_LOCKED =
  'Too many failed sign-in attempts. Please try again in 15 minutes, or reset your password.';

const sign = (secret: string, email: string, id: string) =>
  createHmac('sha256', secret).update(`device|${email}|${id}`).digest('base64url');

function trustedDevice(req: FastifyRequest, secret: string, email: string): string | null {
  const raw = req.cookies?.[DEVICE_COOKIE];
  const [id, mac] = (raw ?? '').split('.');
  if (!id || !mac) return null;
  const want = Buffer.from(sign(secret, email, id));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}

interface Guard {
  /** Clears this client's counters: the password was right. */
  succeeded(reply: FastifyReply): Promise<void>;
}

export async function guardLogin(
  opts: { db: Db; secret: string; secure: boolean; disabled: boolean },
  req: FastifyRequest,
  username: string,
): Promise<Guard> {
  const email = username.trim().toLowerCase();
  const device = trustedDevice(req, opts.secret, email);
  const limits: [string, number][] = device
    ? [[`login:device:${device}`, LOGIN_LIMITS.device]]
    : [
        [`login:pair:${email}|${req.ip}`, LOGIN_LIMITS.pair],
        [`login:account:${email}`, LOGIN_LIMITS.account],
      ];
  if (!opts.disabled) {
    for (const [key, max] of limits) {
      const { hits, ttlMs } = await hit(opts.db, key, WINDOW_MS);
      if (hits > max) {
        const err = new AppError('RATE_LIMITED', LOGIN_LOCKED);
        err.retryAfter = Math.max(1, Math.ceil(ttlMs / 1000));
        throw err;
      }
    }
  }
  return {
    async succeeded(reply) {
      await clear(opts.db, [...limits.map(([k]) => k), `login:pair:${email}|${req.ip}`]);
      const id = device ?? randomBytes(16).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, `${id}.${sign(opts.secret, email, id)}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secure,
        path: '/api/login',
        maxAge: DEVICE_DAYS * 24 * 60 * 60,
      });
    },
  };
}
