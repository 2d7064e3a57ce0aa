import { and, eq, sql } from 'drizzle-orm';
import { canProcessRequests, isAdmin, type Role } from '../../../contract/access';
import { preparedOnce, type DbOrTx } from '../../db/client';
import { players } from '../../db/schema';
import { forbidden, notFound } from '../../lib/app-error';

/**
 * Who may see or change a player (decision 171). Players are mostly minors: every service that reads
 * or changes a player, or anything hanging off one (videos, requests, receipts, share settings), asks
 * here. A player the viewer may not see answers the same 404 as a missing id, so ids cannot be probed.
 */
export type PlayerRow = typeof players.$inferSelect;
export type Viewer = { id: number; role: Role };
type Owned = Pick<PlayerRow, 'userId'>;

const PLAYER_NOT_FOUND = 'Player not found';

const isOwner = (viewer: Pick<Viewer, 'id'>, player: Owned) => player.userId === viewer.id;

/** The family, analysts and admins read a player, its videos, requests and receipts. */
export const canReadPlayer = (viewer: Viewer, player: Owned) =>
  isOwner(viewer, player) || canProcessRequests(viewer.role);

/**
 * A minor's birth date, address, ZIP, email and phone reach the family only: an analyst measures film
 * and an admin runs accounts and corrects a card, and neither needs them (decision 197, amending 011).
 */
export const canSeePrivate = (viewer: Viewer, player: Owned) => isOwner(viewer, player);

/** The family or an admin edits a player and adds to its library; an analyst only reads. */
export const canChangePlayer = (viewer: Viewer, player: Owned) =>
  isOwner(viewer, player) || isAdmin(viewer.role);

/** Prepared once per database (or transaction): every player-scoped read asks it (decision 215). */
const findStatement = preparedOnce((db: DbOrTx) =>
  db
    .select()
    .from(players)
    .where(eq(players.id, sql.placeholder('id')))
    .prepare('va_player_find'),
);

async function findPlayer(db: DbOrTx, id: number): Promise<PlayerRow | undefined> {
  const q = findStatement(db);
  const [row] = await q.execute({ id });
  return row;
}

/**
 * The read check of `viewablePlayer` for a player whose owner the caller read in its own statement
 * (undefined: no such player): 404 unless the viewer may read it.
 */
export function assertReadable<T extends Owned>(viewer: Viewer, player: T | undefined): asserts player is T {
  if (!player || !canReadPlayer(viewer, player)) throw notFound(PLAYER_NOT_FOUND);
}

/** A player the viewer may read; otherwise 404. */
export async function viewablePlayer(db: DbOrTx, viewer: Viewer, id: number): Promise<PlayerRow> {
  const row = await findPlayer(db, id);
  assertReadable(viewer, row);
  return row;
}

/** A player the viewer may change: 404 when they may not even read it, 403 (with `refusal`) when they only read it. */
export async function changeablePlayer(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
  refusal: string,
): Promise<PlayerRow> {
  const row = await viewablePlayer(db, viewer, id);
  if (!canChangePlayer(viewer, row)) throw forbidden(refusal);
  return row;
}

/**
 * The viewer's own player, whatever their role (spending the family's credits, share settings, deleting):
 * anyone else's answers 404. `lock` takes a row lock inside a transaction.
 */
export async function ownPlayer(
  db: DbOrTx,
  viewer: Pick<Viewer, 'id'>,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<PlayerRow> {
  const query = db
    .select()
    .from(players)
    .where(and(eq(players.id, id), eq(players.userId, viewer.id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound(PLAYER_NOT_FOUND);
  return row;
}
