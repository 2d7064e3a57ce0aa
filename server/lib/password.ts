import { randomBytes, timingSafeEqual } from 'node:crypto';
import { scryptInPool as scrypt } from './hash-pool';

// OWASP: scrypt with N=2^17, r=8, p=1 (128 MiB) is the recommended minimum.
let N = 2 ** 17;
const r = 8;
const p = 1;
const maxmem = 256 * 1024 * 1024;

/** Tests trade strength for speed; the cost travels inside each hash so verification still works. */
export function useFastPasswordHashing() {
  N = 2 ** 10;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, rr, pp, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem,
  });
  return timingSafeEqual(key, expected);
}

/** Spent on unknown usernames so a login for a missing account takes as long as a wrong password. */
let dummy: Promise<string> | undefined;
export async function burnPasswordTime(password: string) {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummy);
}
