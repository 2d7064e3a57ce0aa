import { PRIVATE_PLAYER_FIELDS, type Player } from '../../../contract/players';
import { canSeePrivate, type PlayerRow, type Viewer } from './player-access';

export function toPlayer(row: PlayerRow, viewer: Viewer): Player {
  const view: Player = {
    ...row,
    gpa: row.gpa == null ? null : Number(row.gpa),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (!canSeePrivate(viewer, row)) for (const f of PRIVATE_PLAYER_FIELDS) delete view[f];
  return view;
}

export const playerName = (p: Pick<PlayerRow, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;
