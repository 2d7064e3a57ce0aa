import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Locks every admin row, so two admins demoting or deleting each other at once are serialised and
 * the second finds itself no longer an admin, or the target the last one.
 */
export async function lockAdminsFor(tx: Tx, actorId: number) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  if (!admins.some((a) => a.id === actorId))
    throw new AppError('FORBIDDEN', 'You do not have permission to do that');
  return admins;
}
