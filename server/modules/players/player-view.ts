import { PRIVATE_PLAYER_FIELDS, type Player } from '../../../contract/players';
import type { players } from '../../db/schema';
import type { UserRow } from '../../plugins/session';

export type PlayerRow = typeof players.$inferSelect;

export const isStaff = (u: Pick<UserRow, 'role'>) => u.role === 'analyst' || u.role === 'admin';

/** Players are mostly minors: contact details and birth date only reach the owner, analysts and admins. */
export function canSeePrivate(viewer: Pick<UserRow, 'id' | 'role'>, row: PlayerRow) {
  return row.userId === viewer.id || isStaff(viewer);
}

export function toPlayer(row: PlayerRow, viewer: Pick<UserRow, 'id' | 'role'>): Player {
  const view: Player = {
    ...row,
    gpa: row.gpa == null ? null : Number(row.gpa),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (!canSeePrivate(viewer, row)) for (const f of PRIVATE_PLAYER_FIELDS) delete view[f];
  return view;
}
