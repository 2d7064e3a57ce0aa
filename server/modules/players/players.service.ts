import { and, eq, inArray, sql } from 'drizzle-orm';
import { PRIVATE_PLAYER_FIELDS } from '../../../contract/players';
import {
  playerContactSchema,
  type CreatePlayerInput,
  type UpdatePlayerInput,
} from '../../../contract/players-forms';
import type { Db } from '../../db/client';
import { columnsOf, preparedArrays } from '../../db/array-rows';
import { players, positions } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { decodeCursor, firstAndAfter, isTimeIdKey, toPage } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import { refreshPlayerDetails } from '../leaderboard';
import {
  canSeePrivate,
  changeablePlayer,
  viewablePlayer,
  type PlayerRow,
  type Viewer,
} from './player-access';
import { acceptedPhotoUrl } from './player-photo';
import { toPlayer } from './player-view';
import { isListedSchool } from './schools.service';

/**
 * The dashboard's two statements, built and prepared once per database (decision 185): the first page,
 * and a page after a (created_at, id) cursor. Building a Drizzle select on every request was a sixth
 * of the server's CPU time for `GET /api/players`; mapping its rows into objects, a fifth of a 12-player
 * page's (decision 223): the rows are read as arrays.
 */
const playerColumns = columnsOf(players);
const CREATED = playerColumns.indexOf('createdAt');
const ID = playerColumns.indexOf('id');
const listStatements = firstAndAfter(players.createdAt, players.id, 'desc', (cursor) =>
  preparedArrays<{ userId: number; limit: number; at?: string; id?: number }>(sql`
    select ${playerColumns.select} from ${players}
    where ${and(eq(players.userId, sql.placeholder('userId')), cursor)}
    order by ${players.createdAt} desc, ${players.id} desc limit ${sql.placeholder('limit')}`),
);

/** The dashboard lists the signer's own players, whatever their role, newest first, one keyset page (decision 063). */
type Deps = { db: Db; storage: Storage };

export async function listPlayers(
  { db, storage }: Deps,
  viewer: Viewer,
  page: { cursor?: string; limit: number },
) {
  const after = decodeCursor(page.cursor, isTimeIdKey);
  const params = { userId: viewer.id, limit: page.limit + 1 };
  const rows = after
    ? await listStatements.after(db)({ ...params, at: after[0], id: after[1] })
    : await listStatements.first(db)(params);
  // The creation time as PostgreSQL prints it (microseconds) is the cursor's key.
  const { items, next } = toPage(rows, page.limit, (r) => [r[CREATED] as string, Number(r[ID])]);
  return { items: items.map((r) => toPlayer(playerColumns.read(r), viewer, storage)), next };
}

/** Owners read their players; analysts and admins read any. Anyone else gets the same 404 as a missing id. */
export async function getPlayer({ db, storage }: Deps, viewer: Viewer, id: number) {
  return toPlayer(await viewablePlayer(db, viewer, id), viewer, storage);
}

async function checkPositions(
  db: Db,
  input: { primaryPositionId: number; secondaryPositionId?: number | null },
) {
  const ids = [input.primaryPositionId, input.secondaryPositionId ?? input.primaryPositionId];
  const found = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(inArray(positions.id, ids), eq(positions.isActive, true)));
  const known = new Set(found.map((p) => p.id));
  const errors: Record<string, string> = {};
  if (!known.has(input.primaryPositionId)) errors.primaryPositionId = 'Primary position is required';
  if (input.secondaryPositionId != null && !known.has(input.secondaryPositionId))
    errors.secondaryPositionId = 'Secondary position is required';
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
}

const columns = async (
  { db, storage }: Deps,
  input: CreatePlayerInput | UpdatePlayerInput,
  current: PlayerRow | null,
) => ({
  ...input,
  secondaryPositionId: input.secondaryPositionId ?? null,
  schoolCity: input.schoolCity ?? null,
  schoolState: input.schoolState ?? null,
  schoolVerified: await isListedSchool(db, input),
  photoUrl: acceptedPhotoUrl(storage, input.photoUrl, current?.photoUrl ?? null),
  addressLine2: input.addressLine2 ?? null,
  hudlUrl: input.hudlUrl ?? null,
  facebookUrl: input.facebookUrl ?? null,
  gpa: input.gpa ?? null,
  satScore: input.satScore ?? null,
  actScore: input.actScore ?? null,
});

/** The owner is always the signed-in user; a client's userId is never read. */
export async function createPlayer(deps: Deps, viewer: Viewer, input: CreatePlayerInput) {
  const { db } = deps;
  await checkPositions(db, input);
  const [row] = await db
    .insert(players)
    .values({ ...(await columns(deps, input, null)), userId: viewer.id })
    .returning();
  return toPlayer(row, viewer, deps.storage);
}

/**
 * The birth date and contact details an edit writes: the family sends them all (the form's messages
 * when one is missing); anyone else who may edit (an admin) never reads them, so never writes them
 * either: the stored values stay (decision 197).
 */
function contactColumns<T extends Record<string, unknown>>(viewer: Viewer, current: PlayerRow, set: T): T {
  if (canSeePrivate(viewer, current)) {
    playerContactSchema.parse(set);
    return set;
  }
  const kept = { ...set };
  for (const f of PRIVATE_PLAYER_FIELDS) delete kept[f];
  return kept;
}

/** Only the owner or an admin edits; an analyst may read but not change a family's player. */
export async function updatePlayer(deps: Deps, viewer: Viewer, id: number, input: UpdatePlayerInput) {
  const { db } = deps;
  const current = await changeablePlayer(
    db,
    viewer,
    id,
    "Only the player's family or an admin can edit this player",
  );
  await checkPositions(db, input);
  const [row] = await db
    .update(players)
    .set(contactColumns(viewer, current, await columns(deps, input, current)))
    // The owner named too: the write clock then knows whose dashboard it changes (decision 226).
    .where(and(eq(players.id, id), eq(players.userId, current.userId)))
    .returning();
  await refreshPlayerDetails(db, id);
  if (current.photoUrl && current.photoUrl !== row.photoUrl) await removeOrphanPhoto(deps, current.photoUrl);
  return toPlayer(row, viewer, deps.storage);
}

/** A replaced or removed photo is deleted once no player points at it any more. */
async function removeOrphanPhoto({ db, storage }: Deps, url: string) {
  const m = /^\/files\/(photos\/[A-Za-z0-9-]+\.webp)$/.exec(url);
  if (!m) return;
  const [still] = await db.select({ id: players.id }).from(players).where(eq(players.photoUrl, url)).limit(1);
  if (still) return;
  await storage.remove(m[1]).catch(() => undefined);
}
