import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { analysisRequests, players, videos } from '../../db/schema';
import type { Storage } from '../../lib/storage';

/** '/files/photos/a.webp', '/files/videos/b.mp4?expires=..' or 'videos/b.mp4' -> the storage key. */
export function storageKeyOf(ref: string | null | undefined) {
  if (!ref) return null;
  const key = ref.split(/[?#]/)[0].replace(/^\/files\//, '');
  return /^[a-z0-9-]+\/[A-Za-z0-9._-]+$/.test(key) ? key : null;
}

/** Every stored file of these players: photos, library and processed videos, thumbnails. Read before the rows go. */
export async function playerFileRefs(tx: DbOrTx, playerIds: number[]) {
  if (!playerIds.length) return [];
  const owned = await tx
    .select({ photo: players.photoUrl })
    .from(players)
    .where(inArray(players.id, playerIds));
  const vids = await tx
    .select({ key: videos.storageKey, url: videos.url, thumb: videos.thumbnail })
    .from(videos)
    .where(inArray(videos.playerId, playerIds));
  const reqs = await tx
    .select({ url: analysisRequests.processedVideoUrl })
    .from(analysisRequests)
    .where(inArray(analysisRequests.playerId, playerIds));
  return [
    ...owned.map((p) => p.photo),
    ...vids.flatMap((v) => [v.key, v.url, v.thumb]),
    ...reqs.map((r) => r.url),
  ];
}

/**
 * Removes files once their rows are gone for good: a failure leaves an orphan file (logged), never a row
 * pointing at a missing file. A photo another player still points at is kept.
 */
export async function removeStoredFiles(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  refs: (string | null)[],
) {
  const unique = [...new Set(refs.map(storageKeyOf).filter((k): k is string => k !== null))];
  const photos = unique.filter((k) => k.startsWith('photos/'));
  const stillUsed = photos.length
    ? new Set(
        (
          await deps.db
            .select({ url: players.photoUrl })
            .from(players)
            .where(
              inArray(
                players.photoUrl,
                photos.map((k) => `/files/${k}`),
              ),
            )
        ).map((r) => storageKeyOf(r.url)),
      )
    : new Set<string | null>();
  let removed = 0;
  for (const key of unique.filter((k) => !stillUsed.has(k))) {
    await deps.storage.remove(key).then(
      () => removed++,
      (err) => deps.log.warn({ err, key }, 'could not remove a deleted file'),
    );
  }
  return removed;
}
