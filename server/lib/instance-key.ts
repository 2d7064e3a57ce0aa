import { createHash } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * One instance across its restarts: this host and the address it listens on (decision 196). No two
 * live processes can listen on one address of one host, so a file tagged with this key that is older
 * than the process was left by its previous run. The `X-Instance-Id` header is random per start on
 * purpose and cannot name a previous run. Hashed, so no host name shows in file names.
 */
export function instanceKey(env: { HOST: string; PORT: number }) {
  return createHash('sha256').update(`${hostname()}\n${env.HOST}\n${env.PORT}`).digest('hex').slice(0, 16);
}
