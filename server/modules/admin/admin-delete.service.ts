import { eq, inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { analysisRequests, players, users, videos } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { lockAdminsFor } from './admin-guards';

/** '/files/photos/a.webp', '/files/videos/b.mp4?expires=..' or 'videos/b.mp4' -> the storage key. */
function storageKeyOf(ref: string | null | undefined) {
  if (!ref) return null;
  const key = ref.split(/[?#]/)[0].replace(/^\/files\//, '');
  return /^[a-z0-9-]+\/[A-Za-z0-9._-]+$/.test(key) ? key : null;
}

/**
 * Deletes a user with their players, requests and videos (the foreign keys cascade) and then their
 * files. Money records (credit_transactions, subscriptions) stay with the user detached (set null).
 * An admin cannot delete themselves or the last admin.
 */
export async function deleteUser(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  actorId: number,
  id: number,
) {
  const keys = await deps.db.transaction(async (tx) => {
    const admins = await lockAdminsFor(tx, actorId);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound('User not found');
    if (id === actorId) throw conflict('You cannot delete your own account');
    if (target.role === 'admin' && admins.length <= 1) throw conflict('The last admin cannot be deleted');

    const owned = await tx
      .select({ id: players.id, photoUrl: players.photoUrl })
      .from(players)
      .where(eq(players.userId, id));
    const playerIds = owned.map((p) => p.id);
    const vids = playerIds.length
      ? await tx
          .select({ key: videos.storageKey, url: videos.url, thumb: videos.thumbnail })
          .from(videos)
          .where(inArray(videos.playerId, playerIds))
      : [];
    const reqs = await tx
      .select({ url: analysisRequests.processedVideoUrl })
      .from(analysisRequests)
      .where(
        playerIds.length
          ? or(eq(analysisRequests.userId, id), inArray(analysisRequests.playerId, playerIds))
          : eq(analysisRequests.userId, id),
      );
    await tx.delete(users).where(eq(users.id, id));
    return [
      ...owned.map((p) => p.photoUrl),
      ...vids.flatMap((v) => [v.key, v.url, v.thumb]),
      ...reqs.map((r) => r.url),
    ];
  });
  // Files go only after the rows are gone for good; a failure leaves an orphan file, never a broken row.
  const unique = [...new Set(keys.map(storageKeyOf).filter((k): k is string => k !== null))];
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
  for (const key of unique.filter((k) => !stillUsed.has(k))) {
    await deps.storage
      .remove(key)
      .catch((err) => deps.log.warn({ err, key }, "could not remove a deleted user's file"));
  }
  return { message: 'User deleted successfully' };
}
