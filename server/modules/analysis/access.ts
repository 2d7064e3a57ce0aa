import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { players } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { UserRow } from '../../plugins/session';

export type PlayerRow = typeof players.$inferSelect;
export const isStaff = (user: UserRow) => user.role === 'analyst' || user.role === 'admin';

/** The user's own player; anyone else's answers 404 so ids cannot be probed. */
export async function ownPlayer(db: DbOrTx, user: UserRow, playerId: number): Promise<PlayerRow> {
  const [player] = await db.select().from(players).where(eq(players.id, playerId));
  if (!player || player.userId !== user.id) throw notFound('Player not found');
  return player;
}

/** A player whose analyses and videos the user may see: the owner's, or any for analysts and admins. */
export async function viewablePlayer(db: DbOrTx, user: UserRow, playerId: number): Promise<PlayerRow> {
  const [player] = await db.select().from(players).where(eq(players.id, playerId));
  if (!player || (player.userId !== user.id && !isStaff(user))) throw notFound('Player not found');
  return player;
}

export const playerName = (p: Pick<PlayerRow, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;
