import { creditFields, ledgerFields } from '../../../contract/analysis-kinds';
import { desc, eq, inArray, or } from 'drizzle-orm';
import { EXPORT_LINK_DAYS, type AccountExport } from '../../../contract/account';
import type { Db } from '../../db/client';
import {
  analysisRequests,
  creditTransactions,
  leaderboard,
  players,
  referrals,
  subscriptions,
  users,
  videos,
} from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { storageKeyOf } from '../players';

/** Secrets and provider plumbing never leave in an export, even the family's own. */
const HIDDEN = /password|token|secret|^stripe|coupon|promo/i;
const plain = (r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r)
      .filter(([k]) => !HIDDEN.test(k))
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );

/**
 * The family's data (decision 052): account, players with their private fields, requests and results,
 * videos, leaderboard rows, the credit ledger, subscriptions and sent referrals; every file as a link.
 */
export async function exportAccount(
  deps: { db: Db; storage: Storage; appUrl: string },
  userId: number,
): Promise<AccountExport> {
  const { db } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const own = await db.select().from(players).where(eq(players.userId, userId)).orderBy(players.id);
  const ids = own.map((p) => p.id);
  const ofPlayers = <T>(q: () => Promise<T[]>) => (ids.length ? q() : Promise.resolve([] as T[]));
  const reqs = await db
    .select()
    .from(analysisRequests)
    .where(
      ids.length
        ? or(eq(analysisRequests.userId, userId), inArray(analysisRequests.playerId, ids))
        : eq(analysisRequests.userId, userId),
    )
    .orderBy(analysisRequests.id);
  const vids = await ofPlayers(() =>
    db.select().from(videos).where(inArray(videos.playerId, ids)).orderBy(videos.id),
  );
  const board = await ofPlayers(() =>
    db.select().from(leaderboard).where(inArray(leaderboard.playerId, ids)),
  );
  const ledger = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.id));
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const sent = await db.select().from(referrals).where(eq(referrals.senderId, userId));

  const ttl = EXPORT_LINK_DAYS * 24 * 3600;
  const expiresAt = new Date(Date.now() + ttl * 1000).toISOString();
  const files: AccountExport['files'] = [];
  const link = (kind: AccountExport['files'][number]['kind'], playerId: number, ref: string | null) => {
    const key = storageKeyOf(ref);
    if (!key || files.some((f) => f.url.includes(`/files/${key}`))) return;
    files.push({
      kind,
      playerId,
      url: new URL(deps.storage.url(key, ttl), deps.appUrl).toString(),
      expiresAt,
    });
  };
  for (const p of own) link('photo', p.id, p.photoUrl);
  for (const v of vids) {
    link('video', v.playerId, v.storageKey ?? v.url);
    link('thumbnail', v.playerId, v.thumbnail);
  }
  for (const r of reqs) link('processed-video', r.playerId, r.processedVideoUrl);

  return {
    exportedAt: new Date().toISOString(),
    account: { ...plain(user), ...creditFields(user.creditBalances) },
    players: own.map(plain),
    analysisRequests: reqs.map(plain),
    videos: vids.map(plain),
    leaderboard: board.map(plain),
    creditTransactions: ledger.map((r) => ({ ...plain(r), ...ledgerFields(r.amounts) })),
    subscriptions: subs.map(plain),
    referralsSent: sent.map(plain),
    files,
  };
}
