import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  CONNECT_DAILY_LIMIT,
  CONNECT_DAILY_REACHED,
  CONNECT_REPEAT_DAYS,
  CONNECT_TOO_SOON,
  type CoachMessage,
} from '../../../contract/coach';
import { contactNotOpenMessage, contactOpensOn } from '../../../contract/coach-calendar';
import type { Db } from '../../db/client';
import {
  coachConnections,
  coaches,
  coachSearch,
  players,
  schools,
  users,
  type UserRow,
} from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { enqueueMail } from '../../lib/mail-jobs';
import type { CoachDeps } from './applications.service';
import { connectAcceptedMail, connectDeclinedMail, connectMail } from './coach.mail';
import { coachName, type ActiveCoach } from './coach-standing';
import { discoverable } from './profile.service';

const DAY_MS = 24 * 3600 * 1000;
const tooMany = (message: string, retryAfter: number) => {
  const e = new AppError('RATE_LIMITED', message);
  e.retryAfter = retryAfter;
  return e;
};

/**
 * 'Ask to connect': mailed to the family and listed in their Coach messages. An NCAA D1 or D2 coach (or
 * one with no division yet) only from June 15 after the player's sophomore year (decision 238, by the
 * server's clock); at most once per player per 30 days and 20 a day per coach, counted under a lock on the
 * coach's row so two at once cannot pass both.
 */
export async function connect(
  deps: CoachDeps,
  coach: UserRow,
  standing: ActiveCoach,
  playerId: number,
  message: string,
  today = new Date(),
) {
  const player = await discoverable(deps.db, playerId);
  const opens = contactOpensOn(player.graduationYear, standing.division, today);
  if (opens) {
    const e = new AppError('CONTACT_NOT_OPEN', contactNotOpenMessage(opens));
    e.details = { contactOpensOn: opens };
    throw e;
  }
  const created = await deps.db.transaction(async (tx) => {
    await tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, coach.id)).for('update');
    const mine = eq(coachConnections.coachUserId, coach.id);
    const [recent] = await tx
      .select({ n: count() })
      .from(coachConnections)
      .where(
        and(
          mine,
          eq(coachConnections.playerId, playerId),
          gt(coachConnections.createdAt, new Date(Date.now() - CONNECT_REPEAT_DAYS * DAY_MS)),
        ),
      );
    if (recent.n > 0) throw tooMany(CONNECT_TOO_SOON, CONNECT_REPEAT_DAYS * 86400);
    const [today] = await tx
      .select({ n: count() })
      .from(coachConnections)
      .where(and(mine, gt(coachConnections.createdAt, new Date(Date.now() - DAY_MS))));
    if (today.n >= CONNECT_DAILY_LIMIT) throw tooMany(CONNECT_DAILY_REACHED, 86400);
    const [row] = await tx
      .insert(coachConnections)
      .values({ coachUserId: coach.id, playerId, message })
      .returning();
    return row;
  });
  const [family] = await deps.db
    .select({ email: users.email, firstName: players.firstName, lastName: players.lastName })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(eq(players.id, playerId));
  const [me] = await deps.db
    .select({ title: coaches.title })
    .from(coaches)
    .where(eq(coaches.userId, coach.id));
  await enqueueMail(
    deps.db,
    connectMail(deps.appUrl, family.email, {
      playerName: `${family.firstName} ${family.lastName}`,
      coach: coachName(coach),
      title: me.title,
      college: standing.college,
      message,
    }),
  );
  return { id: created.id, status: created.status };
}

/** The coach's requests, newest first; a player whose family turned the switch off is left out. */
export async function connections(db: Db, coach: UserRow) {
  const rows = await db
    .select({
      playerId: coachConnections.playerId,
      firstName: players.firstName,
      lastName: players.lastName,
      status: coachConnections.status,
      contactEmail: coachConnections.contactEmail,
      createdAt: coachConnections.createdAt,
    })
    .from(coachConnections)
    .innerJoin(coachSearch, eq(coachSearch.playerId, coachConnections.playerId))
    .innerJoin(players, eq(players.id, coachConnections.playerId))
    .where(eq(coachConnections.coachUserId, coach.id))
    .orderBy(desc(coachConnections.createdAt), desc(coachConnections.id));
  return rows.map((r) => ({
    playerId: r.playerId,
    name: `${r.firstName} ${r.lastName}`,
    status: r.status,
    contactEmail: r.status === 'accepted' ? r.contactEmail : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

const messageQuery = (db: Db, familyId: number) =>
  db
    .select({
      id: coachConnections.id,
      playerId: coachConnections.playerId,
      playerFirst: players.firstName,
      playerLast: players.lastName,
      coachFirst: users.firstName,
      coachLast: users.lastName,
      coachEmail: users.email,
      title: coaches.title,
      college: schools.name,
      message: coachConnections.message,
      status: coachConnections.status,
      contactEmail: coachConnections.contactEmail,
      createdAt: coachConnections.createdAt,
    })
    .from(coachConnections)
    .innerJoin(players, and(eq(players.id, coachConnections.playerId), eq(players.userId, familyId)))
    .innerJoin(users, eq(users.id, coachConnections.coachUserId))
    .innerJoin(coaches, eq(coaches.userId, coachConnections.coachUserId))
    .innerJoin(schools, eq(schools.id, coaches.schoolId))
    .where(ne(coaches.status, 'suspended'))
    .$dynamic();

type MessageRow = Awaited<ReturnType<typeof messageQuery>>[number];
const toMessage = (r: MessageRow): CoachMessage => ({
  id: r.id,
  playerId: r.playerId,
  playerName: `${r.playerFirst} ${r.playerLast}`,
  coach: {
    name: coachName({ firstName: r.coachFirst, lastName: r.coachLast }),
    title: r.title,
    college: r.college,
  },
  message: r.message,
  status: r.status,
  contactEmail: r.contactEmail,
  createdAt: r.createdAt.toISOString(),
});

/** The family's Coach messages, newest first; a suspended coach's are forgotten. */
export async function familyMessages(db: Db, user: UserRow) {
  const rows = await messageQuery(db, user.id).orderBy(
    desc(coachConnections.createdAt),
    desc(coachConnections.id),
  );
  return rows.map(toMessage);
}

async function ownMessage(db: Db, user: UserRow, id: number) {
  const [row] = await messageQuery(db, user.id).where(
    and(ne(coaches.status, 'suspended'), eq(coachConnections.id, id)),
  );
  if (!row) throw notFound('Message not found');
  if (row.status !== 'pending') throw conflict('You already answered this message');
  return row;
}

async function answer(db: Db, id: number, status: 'accepted' | 'declined', contactEmail: string | null) {
  const [done] = await db
    .update(coachConnections)
    .set({ status, contactEmail, answeredAt: new Date() })
    .where(and(eq(coachConnections.id, id), eq(coachConnections.status, 'pending')))
    .returning({ id: coachConnections.id });
  if (!done) throw conflict('You already answered this message');
}

export async function acceptMessage(deps: CoachDeps, user: UserRow, id: number, contactEmail: string) {
  const row = await ownMessage(deps.db, user, id);
  await answer(deps.db, id, 'accepted', contactEmail);
  const name = coachName({ firstName: row.coachFirst, lastName: row.coachLast });
  await enqueueMail(
    deps.db,
    connectAcceptedMail(row.coachEmail, name, `${row.playerFirst} ${row.playerLast}`, contactEmail),
  );
  return toMessage({ ...row, status: 'accepted', contactEmail });
}

/** The coach is told politely, without a reason. */
export async function declineMessage(deps: CoachDeps, user: UserRow, id: number) {
  const row = await ownMessage(deps.db, user, id);
  await answer(deps.db, id, 'declined', null);
  const name = coachName({ firstName: row.coachFirst, lastName: row.coachLast });
  await enqueueMail(
    deps.db,
    connectDeclinedMail(row.coachEmail, name, `${row.playerFirst} ${row.playerLast}`),
  );
  return toMessage({ ...row, status: 'declined' });
}

/** For an admin answering a family's complaint: every view and contact of the player, with the coach. */
export async function coachLog(db: Db, playerId: number) {
  const [p] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
  if (!p) throw notFound('Player not found');
  const views = await db.execute<{
    coachName: string;
    coachEmail: string;
    college: string;
    viewedAt: Date | string;
  }>(sql`
    select trim(coalesce(u.first_name || ' ', '') || coalesce(u.last_name, '')) as "coachName", u.email as "coachEmail", sc.name as college, v.created_at as "viewedAt"
    from coach_views v join users u on u.id = v.coach_user_id
    join coaches c on c.user_id = v.coach_user_id join schools sc on sc.id = c.school_id
    where v.player_id = ${playerId} order by v.created_at desc, v.id desc limit 1000`);
  const contacts = await db
    .select({
      first: users.firstName,
      last: users.lastName,
      coachEmail: users.email,
      college: schools.name,
      message: coachConnections.message,
      status: coachConnections.status,
      createdAt: coachConnections.createdAt,
      answeredAt: coachConnections.answeredAt,
    })
    .from(coachConnections)
    .innerJoin(users, eq(users.id, coachConnections.coachUserId))
    .innerJoin(coaches, eq(coaches.userId, coachConnections.coachUserId))
    .innerJoin(schools, eq(schools.id, coaches.schoolId))
    .where(eq(coachConnections.playerId, playerId))
    .orderBy(desc(coachConnections.createdAt));
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    views: views.rows.map((v) => ({ ...v, viewedAt: iso(v.viewedAt) })),
    contacts: contacts.map((c) => ({
      coachName: coachName({ firstName: c.first, lastName: c.last }),
      coachEmail: c.coachEmail,
      college: c.college,
      message: c.message,
      status: c.status,
      createdAt: iso(c.createdAt),
      answeredAt: c.answeredAt ? iso(c.answeredAt) : null,
    })),
  };
}
