import { createHash } from 'node:crypto';
import { publicPath } from './share-settings.service';

/**
 * The public page's own link to the player's photo (decision 197). It names the slug, so it stops
 * working the moment the family turns sharing off, replaces the link or unticks the photo: the route
 * reads the share row on every request. Its tag changes with the photo, so a browser never shows an
 * old one, and it does not give away the storage key.
 */
export const photoTag = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 16);

export const publicPhotoPath = (slug: string, key: string) =>
  `${publicPath(slug)}/photo/${photoTag(key)}.webp`;
