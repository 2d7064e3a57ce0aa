import { PHOTO_UPLOAD_AGAIN, PHOTO_URL_RE } from '../../../contract/players';
import { badRequest } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';

const STORED_RE = /^\/files\/(photos\/[A-Za-z0-9-]+\.webp)$/;

/** A stored photo ('/files/photos/<id>.webp') as a reader gets it: signed, expiring (decision 197). */
export function signedPhotoUrl(storage: Pick<Storage, 'url'>, stored: string | null): string | null {
  const m = stored ? STORED_RE.exec(stored) : null;
  return m ? storage.url(m[1]) : null;
}

/**
 * The photo a player is saved with, in its stored form. The player's current photo may come back as
 * the edit form holds it (signed, maybe expired by now); any other photo must carry a valid signature,
 * which only an upload's answer or a readable player's answer gives, so nobody can claim a photo by
 * its key alone (decision 197).
 */
export function acceptedPhotoUrl(
  storage: Pick<Storage, 'verifySignature'>,
  given: string | null | undefined,
  current: string | null,
): string | null {
  if (!given) return null;
  const m = PHOTO_URL_RE.exec(given);
  const stored = m ? `/files/${m[1]}` : null;
  if (stored && stored === current) return stored;
  if (m && m[2] && m[3] && storage.verifySignature(m[1], m[2], m[3])) return stored;
  throw badRequest(PHOTO_UPLOAD_AGAIN, { photoUrl: PHOTO_UPLOAD_AGAIN });
}
