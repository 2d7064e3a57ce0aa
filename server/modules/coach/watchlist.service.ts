import { and, desc, eq, inArray } from 'drizzle-orm';
import { analysisKinds, formatKindResult } from '../../../contract/analysis-kinds';
import type { WatchItem } from '../../../contract/coach';
import type { Db } from '../../db/client';
import { coachSearch, coachSearchResults, coachWatchlist, players, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { discoverable } from './profile.service';
import { coachReceiptUrl } from './search.service';

const columns = {
  playerId: coachWatchlist.playerId,
  firstName: players.firstName,
  lastName: players.lastName,
  classYear: coachSearch.graduationYear,
  school: coachSearch.school,
  note: coachWatchlist.note,
  addedAt: coachWatchlist.createdAt,
  seen: coachWatchlist.seenVerifiedAt,
  verifiedAt: coachSearch.verifiedAt,
  maxSpeedMph: coachSearch.speedMph,
  igaScore: coachSearch.igaScore,
};

/** Joined to coach_search: a player whose family turned the switch off is in no watch list. */
const watchQuery = (db: Db, coachId: number, playerId?: number) =>
  db
    .select(columns)
    .from(coachWatchlist)
    .innerJoin(coachSearch, eq(coachSearch.playerId, coachWatchlist.playerId))
    .innerJoin(players, eq(players.id, coachWatchlist.playerId))
    .where(
      and(
        eq(coachWatchlist.coachUserId, coachId),
        playerId === undefined ? undefined : eq(coachWatchlist.playerId, playerId),
      ),
    );

type WatchRow = Awaited<ReturnType<typeof watchQuery>>[number];
type KindBest = { playerId: number; kind: string; value: number; plusMinus: number; requestId: number };

/** The watched players' best of each kind kept in coach_search_results (the family shows it; decision 243). */
const kindBests = async (db: Db, rows: WatchRow[]): Promise<KindBest[]> =>
  rows.length
    ? db
        .select({
          playerId: coachSearchResults.playerId,
          kind: coachSearchResults.kind,
          value: coachSearchResults.value,
          plusMinus: coachSearchResults.plusMinus,
          requestId: coachSearchResults.requestId,
        })
        .from(coachSearchResults)
        .where(
          inArray(
            coachSearchResults.playerId,
            rows.map((r) => r.playerId),
          ),
        )
    : [];

/** The metric label and '<value> ± <bound>' for each kind the player has a best of, in the registry's order. */
const kindResultsOf = (bests: KindBest[], playerId: number) =>
  analysisKinds().flatMap((k) =>
    bests
      .filter((b) => b.playerId === playerId && b.kind === k.key)
      .map((b) => ({
        kind: k.key,
        label: k.metricLabel ?? k.label,
        text: formatKindResult(k, b.value, b.plusMinus),
        receiptUrl: coachReceiptUrl(playerId, b.requestId),
      })),
  );

const toItem = (r: WatchRow, bests: KindBest[]): WatchItem => ({
  playerId: r.playerId,
  name: `${r.firstName} ${r.lastName}`,
  classYear: r.classYear,
  school: r.school,
  note: r.note,
  addedAt: r.addedAt.toISOString(),
  newVerifiedNumber: r.seen !== null && r.verifiedAt.getTime() > r.seen.getTime(),
  maxSpeedMph: r.maxSpeedMph,
  igaScore: r.igaScore,
  kindResults: kindResultsOf(bests, r.playerId),
});

export async function watchlist(db: Db, coach: UserRow) {
  const rows = await watchQuery(db, coach.id).orderBy(desc(coachWatchlist.createdAt));
  const bests = await kindBests(db, rows);
  return rows.map((r) => toItem(r, bests));
}

/** Adds a discoverable player, or changes the note of one already watched. */
export async function watch(db: Db, coach: UserRow, playerId: number, note: string) {
  const row = await discoverable(db, playerId);
  await db
    .insert(coachWatchlist)
    .values({ coachUserId: coach.id, playerId, note, seenVerifiedAt: row.verifiedAt })
    .onConflictDoUpdate({ target: [coachWatchlist.coachUserId, coachWatchlist.playerId], set: { note } });
  const [item] = await watchQuery(db, coach.id, playerId);
  return toItem(item, await kindBests(db, [item]));
}

export async function unwatch(db: Db, coach: UserRow, playerId: number) {
  const gone = await db
    .delete(coachWatchlist)
    .where(and(eq(coachWatchlist.coachUserId, coach.id), eq(coachWatchlist.playerId, playerId)))
    .returning();
  if (!gone.length) throw notFound('Player is not on your watch list');
  return null;
}
