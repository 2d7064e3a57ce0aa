import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeleteAccountInput } from '../../../contract/account';
import type { Db } from '../../db/client';
import { players, subscriptions, users } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import type { Storage } from '../../lib/storage';
import { playerFileRefs, removeStoredFiles } from '../players';

const WRONG_PASSWORD = 'Password is incorrect';
const RENEWING_SUBSCRIPTION =
  'Your subscription still renews. Cancel it on the Payment Details tab first, then delete your account.';
const RENEWING = ['active', 'trialing', 'past_due', 'incomplete'];

/**
 * A family deletes its own account (decision 052): the password confirms it; a subscription that
 * would charge again must be cancelled first; admins are removed by another admin. Players, requests
 * (waiting ones are cancelled, their credits lapse with the balance), videos and leaderboard rows go
 * with the user (foreign keys cascade), then the files; money records stay, detached (decision 043).
 */
export async function deleteOwnAccount(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  userId: number,
  input: DeleteAccountInput,
) {
  const refs = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in');
    if (!(await verifyPassword(input.password, user.password)))
      throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
    if (user.role === 'admin')
      throw conflict('An admin account is deleted by another admin in User Management');
    const [renewing] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, RENEWING),
          eq(subscriptions.cancelAtPeriodEnd, false),
          isNull(subscriptions.endedAt),
        ),
      )
      .limit(1);
    if (renewing) throw conflict(RENEWING_SUBSCRIPTION);
    const ids = (await tx.select({ id: players.id }).from(players).where(eq(players.userId, userId))).map(
      (p) => p.id,
    );
    const refs = await playerFileRefs(tx, ids);
    await tx.delete(users).where(eq(users.id, userId));
    return refs;
  });
  await removeStoredFiles(deps, refs);
  return { message: 'Your account and everything in it has been deleted' };
}
