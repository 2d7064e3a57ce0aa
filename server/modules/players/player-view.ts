import { PRIVATE_PLAYER_FIELDS, type Player } from '../../../contract/players';
import type { Storage } from '../../lib/storage';
import { canSeePrivate, type PlayerRow, type Viewer } from './player-access';
import { signedPhotoUrl } from './player-photo';

/** A player as this viewer may see it: the photo behind an expiring link, private fields for the family only. */
export function toPlayer(row: PlayerRow, viewer: Viewer, storage: Pick<Storage, 'url'>): Player {
  const view: Player = {
    ...row,
    photoUrl: signedPhotoUrl(storage, row.photoUrl),
    gpa: row.gpa == null ? null : Number(row.gpa),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (!canSeePrivate(viewer, row)) for (const f of PRIVATE_PLAYER_FIELDS) delete view[f];
  return view;
}

export const playerName = (p: Pick<PlayerRow, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;
