import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  coachSearchQuerySchema,
  SAVED_SEARCH_FULL,
  SAVED_SEARCH_MAX,
  WEEKLY_MAIL_LIST_MAX,
  type CoachSearchQuery,
  type SavedSearch,
} from '../../../contract/coach';
import type { Db, DbOrTx } from '../../db/client';
import { coachMailState, coachSavedSearches, coachSearchResults, type UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { enqueueJob } from '../../lib/jobs';
import { enqueueMail } from '../../lib/mail-jobs';
import { newToken } from '../../lib/tokens';
import { weeklyMail, type WeeklyMailSearch } from './coach.mail';
import { filtersOf } from './search.service';

export const WEEKLY_MAIL_JOB = 'coach-weekly-mail';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

type SavedRow = typeof coachSavedSearches.$inferSelect;
const toSaved = (r: SavedRow): SavedSearch => ({
  id: r.id,
  name: r.name,
  filters: r.filters,
  createdAt: r.createdAt.toISOString(),
});

export async function listSavedSearches(db: Db, coach: Pick<UserRow, 'id'>) {
  const rows = await db
    .select()
    .from(coachSavedSearches)
    .where(eq(coachSavedSearches.coachUserId, coach.id))
    .orderBy(asc(coachSavedSearches.createdAt), asc(coachSavedSearches.id));
  return rows.map(toSaved);
}

/**
 * Saves the filters and sort as the search answered them. Saving also turns the weekly mail (back) on:
 * the coach's latest act asks for it (decision 211).
 */
export async function saveSearch(
  db: Db,
  coach: Pick<UserRow, 'id'>,
  input: { name: string; filters: Omit<CoachSearchQuery, 'cursor'> },
) {
  return db.transaction(async (tx) => {
    await tx
      .insert(coachMailState)
      .values({ coachUserId: coach.id, unsubscribeToken: newToken() })
      .onConflictDoUpdate({ target: coachMailState.coachUserId, set: { unsubscribed: false } });
    // The mail-state row is locked by the upsert, so two saves at once count one after the other.
    const [{ n }] = await tx
      .select({ n: count() })
      .from(coachSavedSearches)
      .where(eq(coachSavedSearches.coachUserId, coach.id));
    if (n >= SAVED_SEARCH_MAX) throw conflict(SAVED_SEARCH_FULL);
    const filters = Object.fromEntries(Object.entries(input.filters).filter(([, v]) => v !== undefined));
    const [row] = await tx
      .insert(coachSavedSearches)
      .values({ coachUserId: coach.id, name: input.name, filters })
      .returning();
    return toSaved(row);
  });
}

export async function deleteSavedSearch(db: Db, coach: Pick<UserRow, 'id'>, id: number) {
  const gone = await db
    .delete(coachSavedSearches)
    .where(and(eq(coachSavedSearches.id, id), eq(coachSavedSearches.coachUserId, coach.id)))
    .returning({ id: coachSavedSearches.id });
  if (!gone.length) throw notFound('Saved search not found');
  return null;
}

/** The unsubscribe link's token: the coach's id, signed with the coach's own secret (never stored as the link). */
const sign = (secret: string, coachUserId: number) =>
  createHmac('sha256', secret).update(`coach-unsubscribe|${coachUserId}`).digest('base64url');
export const unsubscribeToken = (secret: string, coachUserId: number) =>
  `${coachUserId}.${sign(secret, coachUserId)}`;

/** Works signed out: a valid signature stops the weekly mail; the same link again answers the same. */
export async function unsubscribe(db: Db, token: string) {
  const [id, signature] = token.split('.');
  const coachUserId = Number(id);
  // The token's id has up to 10 digits; one past the column's integer range is no coach (not a 500).
  const [row] =
    Number.isSafeInteger(coachUserId) && coachUserId > 0 && coachUserId <= 2_147_483_647
      ? await db.select().from(coachMailState).where(eq(coachMailState.coachUserId, coachUserId))
      : [];
  const expected = row ? Buffer.from(sign(row.unsubscribeToken, coachUserId)) : null;
  const given = Buffer.from(signature ?? '');
  if (!row || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw notFound('This unsubscribe link is not valid');
  await db
    .update(coachMailState)
    .set({ unsubscribed: true })
    .where(eq(coachMailState.coachUserId, coachUserId));
  return { unsubscribed: true as const };
}

interface MatchRow extends Record<string, unknown> {
  player_id: number;
  first_name: string;
  last_name: string;
  graduation_year: number;
  position: string | null;
  school: string;
  state: string | null;
  speed_mph: string | null;
  speed_plus_minus: string | null;
  iga_score: string | null;
}

/** Players of a saved search verified after `since`: coach_search holds only discoverable, verified ones. */
async function newMatches(db: DbOrTx, filters: unknown, since: Date) {
  const parsed = coachSearchQuerySchema.safeParse(filters);
  if (!parsed.success) return { rows: [], more: false };
  const where = filtersOf(parsed.data);
  where.push(sql`s.verified_at > ${since.toISOString()}::timestamptz`);
  const res = await db.execute<MatchRow>(sql`
    select s.player_id, p.first_name, p.last_name, s.graduation_year, pos.name as position, s.school,
      s.state, s.speed_mph, s.speed_plus_minus, s.iga_score
    from coach_search s
    join players p on p.id = s.player_id
    left join positions pos on pos.id = s.position_id
    where ${sql.join(where, sql` and `)}
    order by s.verified_at desc, s.player_id desc
    limit ${WEEKLY_MAIL_LIST_MAX + 1}`);
  return { rows: res.rows.slice(0, WEEKLY_MAIL_LIST_MAX), more: res.rows.length > WEEKLY_MAIL_LIST_MAX };
}

/** The players' best of each kind kept in coach_search_results (the family shows it; decision 243). */
const kindBests = (db: DbOrTx, playerIds: number[]) =>
  db
    .select({
      playerId: coachSearchResults.playerId,
      kind: coachSearchResults.kind,
      value: coachSearchResults.value,
      plusMinus: coachSearchResults.plusMinus,
    })
    .from(coachSearchResults)
    .where(inArray(coachSearchResults.playerId, playerIds));

/**
 * The weekly mail: for each approved, subscribed coach not mailed in the last 7 days, the players newly
 * verified (since the last mail, or since the search was saved) per saved search. Nothing new, no mail,
 * and the next run looks back to the same point. The claim on last_sent_at is one conditional update,
 * so two workers never send a coach two mails in a week.
 */
export async function sendWeeklyMails(db: Db, appUrl: string, now = new Date()) {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const due = await db.execute<{
    user_id: number;
    email: string;
    first_name: string | null;
    secret: string;
    last_sent_at: string | null;
  }>(sql`
    select u.id as user_id, u.email, u.first_name, m.unsubscribe_token as secret, m.last_sent_at
    from coach_mail_state m
    join users u on u.id = m.coach_user_id
    join coaches c on c.user_id = m.coach_user_id and c.status = 'approved'
    where not m.unsubscribed
      and (m.last_sent_at is null or m.last_sent_at <= ${weekAgo.toISOString()}::timestamptz)
      and exists (select 1 from coach_saved_searches ss where ss.coach_user_id = m.coach_user_id)
    order by m.coach_user_id`);
  let sent = 0;
  for (const coach of due.rows) {
    const lastSent = coach.last_sent_at ? new Date(coach.last_sent_at) : null;
    const saved = await db
      .select()
      .from(coachSavedSearches)
      .where(eq(coachSavedSearches.coachUserId, coach.user_id))
      .orderBy(asc(coachSavedSearches.createdAt), asc(coachSavedSearches.id));
    const searches: WeeklyMailSearch[] = [];
    for (const s of saved) {
      const since = lastSent && lastSent > s.createdAt ? lastSent : s.createdAt;
      const { rows, more } = await newMatches(db, s.filters, since);
      if (!rows.length) continue;
      const kinds = await kindBests(
        db,
        rows.map((r) => r.player_id),
      );
      searches.push({
        name: s.name,
        more,
        players: rows.map((r) => ({
          playerId: r.player_id,
          name: `${r.first_name} ${r.last_name}`,
          classYear: r.graduation_year,
          position: r.position,
          school: r.school,
          state: r.state,
          speedMph: r.speed_mph === null ? null : Number(r.speed_mph),
          plusMinusMph: r.speed_plus_minus === null ? null : Number(r.speed_plus_minus),
          igaScore: r.iga_score === null ? null : Number(r.iga_score),
          kinds: kinds.filter((k) => k.playerId === r.player_id),
        })),
      });
    }
    if (!searches.length) continue;
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(coachMailState)
        .set({ lastSentAt: now })
        .where(
          and(
            eq(coachMailState.coachUserId, coach.user_id),
            eq(coachMailState.unsubscribed, false),
            sql`(${coachMailState.lastSentAt} is null or ${coachMailState.lastSentAt} <= ${weekAgo.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: coachMailState.coachUserId });
      if (!rows.length) return false;
      await enqueueMail(
        tx,
        weeklyMail(appUrl, coach.email, {
          name: coach.first_name ?? 'Coach',
          searches,
          unsubscribeUrl: `${appUrl}/coach/unsubscribe?token=${unsubscribeToken(coach.secret, coach.user_id)}`,
        }),
      );
      return true;
    });
    if (claimed) sent++;
  }
  return { sent };
}

/** Queues one weekly-mail pass unless one is waiting or running (the module ticks hourly). */
export async function scheduleWeeklyMails(db: Db) {
  const pending = await db.execute(
    sql`select 1 from jobs where type = ${WEEKLY_MAIL_JOB} and status in ('queued', 'running') limit 1`,
  );
  if (pending.rows.length) return false;
  await enqueueJob(db, WEEKLY_MAIL_JOB, {});
  return true;
}
