import { creditFields, ledgerFields } from '../../../contract/analysis-kinds';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { EXPORT_LINK_DAYS, type AccountExport } from '../../../contract/account';
import type { Db } from '../../db/client';
import {
  analysisRequests,
  coachConnections,
  coaches,
  coachViews,
  creditTransactions,
  igaSubmetrics,
  kindReceipts,
  leaderboard,
  measurementAudits,
  playerDiscovery,
  players,
  profileShares,
  profileShareViews,
  referrals,
  schools,
  submetrics,
  subscriptions,
  users,
  videos,
} from '../../db/schema';
import { listedKindReceipts, receiptsOfRequests } from '../measurements';
import type { Storage } from '../../lib/storage';
import { coachAccountData, coachName } from '../coach';
import { storageKeyOf } from '../players';

/**
 * What the export holds of each table that keeps something of an account or its players (decision 228):
 * a test reads the catalog and fails when a table that refers to `users` or `players` (directly or through
 * another such table) is in neither list, so a new feature's data cannot be left out unnoticed.
 */
export const EXPORTED_TABLES = [
  'users',
  'players',
  'analysis_requests',
  'videos',
  'leaderboard',
  'credit_transactions',
  'subscriptions',
  'referrals',
  'kind_receipts',
  'iga_submetrics',
  'measurement_audits',
  'profile_shares',
  'profile_share_views',
  'player_discovery',
  'coach_views',
  'coach_connections',
  'coaches',
  'coach_watchlist',
  'coach_saved_searches',
] as const;

/** Tables that refer to an account or a player but are not exported, and why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  sessions: 'sign-in sessions: their ids are credentials; the account holds the last sign-in',
  password_reset_tokens: 'secrets',
  referral_reservations:
    "a checkout's hold on a referral discount, for minutes; the referral itself is exported",
  charge_states: "the payment provider's charge bookkeeping; the credit ledger is exported",
  analytics_events: 'product usage counts (page and button names), not content the family entered',
  video_media: 'technical facts read from the video files (frame times, codecs); the files are exported',
  player_video_stats: 'counts of a player’s videos, derived from the exported videos',
  coach_search: 'a copy of the player’s fields and numbers for the coach search, derived from exported rows',
  coach_search_results:
    'each kind’s best verified result per player for the coach search, derived from the exported requests and receipts',
  coach_mail_state: "a coach's weekly mail bookkeeping and its unsubscribe token",
  college_athletics_domains:
    "a college's athletics web domain an admin added; nothing about the admin but who added it",
};

/** Secrets and provider plumbing never leave in an export, even the family's own. */
const HIDDEN = /password|token|secret|^stripe|coupon|promo/i;
const plain = (r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r)
      .filter(([k]) => !HIDDEN.test(k))
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );

/**
 * The account's data (decisions 052, 228): account, players with their private fields, requests and
 * results with their receipts and audits, videos, leaderboard rows, public profiles, coach discovery, views
 * and messages, the credit ledger, subscriptions and sent referrals; a coach's application, watch list,
 * saved searches and messages; every file as a link.
 */
export async function exportAccount(
  deps: { db: Db; storage: Storage; appUrl: string },
  userId: number,
): Promise<AccountExport> {
  const { db } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  // A coach's own data (empty for a family); a suspended coach is refused (decision 238).
  const { coach, watched, searches, asked } = await coachAccountData(db, userId);
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
  const reqIds = reqs.map((r) => r.id);
  const ofRequests = <T>(q: () => Promise<T[]>) => (reqIds.length ? q() : Promise.resolve([] as T[]));
  // Max Speed's receipts are kept in kind_receipts too (decision 284) but answer as `measurementReceipts`, with
  // their revisions; `kindReceipts` lists the other kinds' rows in the shape they had.
  const receipts = await receiptsOfRequests(db, reqIds);
  const kinds = await ofRequests(() =>
    db
      .select()
      .from(kindReceipts)
      .where(and(inArray(kindReceipts.requestId, reqIds), listedKindReceipts()))
      .orderBy(kindReceipts.id),
  );
  const scores = await ofRequests(() =>
    db
      .select({ s: igaSubmetrics, key: submetrics.key, name: submetrics.name, unit: submetrics.unit })
      .from(igaSubmetrics)
      .innerJoin(submetrics, eq(submetrics.id, igaSubmetrics.submetricId))
      .where(inArray(igaSubmetrics.analysisRequestId, reqIds))
      .orderBy(igaSubmetrics.analysisRequestId, igaSubmetrics.id),
  );
  const audits = await ofRequests(() =>
    db
      .select()
      .from(measurementAudits)
      .where(inArray(measurementAudits.requestId, reqIds))
      .orderBy(measurementAudits.id),
  );
  const shares = await ofPlayers(() =>
    db
      .select({ share: profileShares, views: profileShareViews.count })
      .from(profileShares)
      .leftJoin(profileShareViews, eq(profileShareViews.shareId, profileShares.id))
      .where(inArray(profileShares.playerId, ids))
      .orderBy(profileShares.playerId),
  );
  const discovery = await ofPlayers(() =>
    db.select().from(playerDiscovery).where(inArray(playerDiscovery.playerId, ids)),
  );
  // The family sees the college of a coach who opened a profile, not the coach (decision 211).
  const views = await ofPlayers(() =>
    db
      .select({ playerId: coachViews.playerId, college: schools.name, viewedAt: coachViews.viewedAt })
      .from(coachViews)
      .leftJoin(coaches, eq(coaches.userId, coachViews.coachUserId))
      .leftJoin(schools, eq(schools.id, coaches.schoolId))
      .where(inArray(coachViews.playerId, ids))
      .orderBy(coachViews.playerId, desc(coachViews.viewedAt)),
  );
  // A coach's message shows its sender's name, title and college, as the family's Coach messages do.
  const messages = await ofPlayers(() =>
    db
      .select({
        m: coachConnections,
        firstName: users.firstName,
        lastName: users.lastName,
        title: coaches.title,
        college: schools.name,
      })
      .from(coachConnections)
      .innerJoin(users, eq(users.id, coachConnections.coachUserId))
      .leftJoin(coaches, eq(coaches.userId, coachConnections.coachUserId))
      .leftJoin(schools, eq(schools.id, coaches.schoolId))
      .where(inArray(coachConnections.playerId, ids))
      .orderBy(coachConnections.id),
  );

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
  const playerOf = new Map(reqs.map((r) => [r.id, r.playerId]));
  const stills = (requestId: number, keys: readonly string[] | null) => {
    for (const key of keys ?? []) link('receipt-still', playerOf.get(requestId)!, key);
  };
  for (const r of [...receipts, ...kinds]) stills(r.requestId, r.stillKeys);
  for (const a of audits) stills(a.requestId, a.auditStillKeys);

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
    measurementReceipts: receipts.map(plain),
    kindReceipts: kinds.map(({ revision: _revision, overrideReason: _reason, ...r }) => plain(r)),
    igaSubmetrics: scores.map((r) => ({ ...plain(r.s), key: r.key, name: r.name, unit: r.unit })),
    measurementAudits: audits.map(plain),
    publicProfiles: shares.map((r) => ({ ...plain(r.share), viewCount: r.views ?? 0 })),
    coachDiscovery: discovery.map(plain),
    coachViews: views.map((v) => ({ ...v, viewedAt: v.viewedAt.toISOString() })),
    coachMessages: messages.map((r) => {
      const { coachUserId: _coach, ...m } = plain(r.m);
      return { ...m, coach: { name: coachName(r), title: r.title, college: r.college } };
    }),
    coach: coach ? plain(coach) : null,
    coachWatchlist: watched.map(plain),
    coachSavedSearches: searches.map(plain),
    coachMessagesSent: asked.map(plain),
    files,
  };
}
