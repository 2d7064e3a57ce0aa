import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminCoachApplication } from '../../../contract/coach';
import type { CoachDivision } from '../../../contract/coach-calendar';
import type { CoachApplicationInput } from '../../../contract/coach-forms';
import type { Db } from '../../db/client';
import { coaches, schools, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { enqueueMail } from '../../lib/mail-jobs';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { endOtherSessions, issueVerification, normalizeEmail, signUpAttemptMail } from '../auth';
import { curatedDomainFor, curatedDomainsById, emailHost, websiteHint } from './domain-rule';
import { approvedMail, declinedMail } from './coach.mail';
import { coachName } from './coach-standing';

export interface CoachDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

const PICK_COLLEGE = 'Pick your college from the list';

async function collegeByIpeds(db: Db, ipedsId: number) {
  const [college] = await db
    .select({ id: schools.id, name: schools.name, website: schools.website })
    .from(schools)
    .where(and(eq(schools.ipedsId, ipedsId), eq(schools.level, 'College')))
    .limit(1);
  if (!college) throw badRequest(PICK_COLLEGE, { collegeIpedsId: PICK_COLLEGE });
  const domains = (await curatedDomainsById(db, [college.id])).get(college.id) ?? [];
  return { ...college, domains };
}

/**
 * A coach's application (decisions 211, 238): a new account of role coach, waiting, with the usual
 * verification mail. A work email at an athletics domain an admin curated for the college is approved
 * once the address is verified and the domain still curated ('verify-email'); any other waits for an
 * admin. A taken address answers the same as a new one and mails its holder (decision 196).
 */
export async function applyAsCoach(
  deps: CoachDeps,
  input: CoachApplicationInput & { collegeIpedsId: number },
) {
  const college = await collegeByIpeds(deps.db, input.collegeIpedsId);
  const email = normalizeEmail(input.email);
  const matched = curatedDomainFor(email, college.domains);
  const status = matched ? ('verify-email' as const) : ('awaiting-admin' as const);
  const password = await hashPassword(input.password);
  const [first, ...rest] = input.name.trim().split(/\s+/);
  const created = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: email,
        email,
        password,
        role: 'coach',
        firstName: first,
        lastName: rest.join(' ') || null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return null;
    const [coach] = await tx
      .insert(coaches)
      .values({
        userId: user.id,
        schoolId: college.id,
        title: input.title.trim(),
        division: input.division,
        status: 'awaiting-admin',
        domainMatched: Boolean(matched),
        applicationDomain: matched,
      })
      .returning();
    return { user, coach };
  });
  if (created) {
    await issueVerification(deps, created.user);
    return { id: created.coach.id, status };
  }
  const [holder] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(sql`lower(${users.username}) = ${email} or lower(${users.email}) = ${email}`);
  if (holder) await enqueueMail(deps.db, signUpAttemptMail(deps.appUrl, holder.email, holder.firstName));
  const next = await deps.db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('coaches', 'id'))::int as id`,
  );
  return { id: Number(next.rows[0].id), status };
}

const applicationColumns = {
  id: coaches.id,
  userId: coaches.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  title: coaches.title,
  email: users.email,
  emailVerified: users.isEmailVerified,
  schoolId: coaches.schoolId,
  college: schools.name,
  collegeWebsite: schools.website,
  division: coaches.division,
  domainMatched: coaches.domainMatched,
  approvedByDomain: coaches.approvedByDomain,
  status: coaches.status,
  declineReason: coaches.declineReason,
  createdAt: coaches.createdAt,
};
type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationQuery>['execute']>>[number];

/**
 * As the admin sees them, with what to check: the email's domain, whether it is at a curated athletics
 * domain today (adding one approves nobody already waiting, decision 211) and whether it is under the
 * college's website host, a hint only (decision 238).
 */
async function toApplications(db: Db, rows: ApplicationRow[]): Promise<AdminCoachApplication[]> {
  const domains = await curatedDomainsById(
    db,
    rows.map((r) => r.schoolId),
  );
  return rows.map(({ firstName, lastName, createdAt, schoolId, ...rest }) => ({
    ...rest,
    name: coachName({ firstName, lastName }),
    emailDomain: emailHost(rest.email),
    domainMatchesNow: curatedDomainFor(rest.email, domains.get(schoolId) ?? []) !== null,
    websiteDomainMatch: websiteHint(rest.email, rest.collegeWebsite),
    createdAt: createdAt.toISOString(),
  }));
}

const applicationQuery = (db: Db) =>
  db
    .select(applicationColumns)
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .innerJoin(schools, eq(schools.id, coaches.schoolId));

/** Every application, those waiting for an admin first, then the newest. */
export async function listApplications(db: Db) {
  const rows = await applicationQuery(db).orderBy(
    sql`(${coaches.status} = 'awaiting-admin') desc`,
    desc(coaches.id),
  );
  return toApplications(db, rows);
}

async function application(db: Db, id: number) {
  const [row] = await applicationQuery(db).where(eq(coaches.id, id));
  if (!row) throw notFound('Application not found');
  const [app] = await toApplications(db, [row]);
  return app;
}

async function decide(
  db: Db,
  adminId: number,
  id: number,
  status: 'approved' | 'declined',
  o: { reason?: string; division?: CoachDivision } = {},
) {
  const [row] = await db
    .update(coaches)
    .set({
      status,
      declineReason: o.reason ?? null,
      decidedBy: adminId,
      decidedAt: new Date(),
      ...(o.division ? { division: o.division } : {}),
    })
    .where(and(eq(coaches.id, id), eq(coaches.status, 'awaiting-admin')))
    .returning({ id: coaches.id });
  if (!row) {
    await application(db, id);
    throw conflict('This application was already decided');
  }
  return application(db, id);
}

/** An admin's approval (after the screen's confirmation); `division` corrects the one the coach stated. */
export async function approveApplication(
  deps: CoachDeps,
  adminId: number,
  id: number,
  division?: CoachDivision,
) {
  const app = await decide(deps.db, adminId, id, 'approved', { division });
  await enqueueMail(deps.db, approvedMail(deps.appUrl, app.email, app.name));
  return app;
}

export async function declineApplication(deps: CoachDeps, adminId: number, id: number, reason: string) {
  const app = await decide(deps.db, adminId, id, 'declined', { reason });
  await enqueueMail(deps.db, declinedMail(app.email, app.name, reason));
  return app;
}

/** A suspended coach sees nothing from the next request on: the standing check refuses, sessions end. */
export async function suspendCoach(db: Db, adminId: number, userId: number) {
  const [row] = await db
    .update(coaches)
    .set({ status: 'suspended', decidedBy: adminId, decidedAt: new Date() })
    .where(eq(coaches.userId, userId))
    .returning({ id: coaches.userId, status: coaches.status });
  if (!row) throw notFound('Coach not found');
  await endOtherSessions(db, userId);
  return row;
}

/** Sets a coach's division (one approved before divisions were asked has none: NCAA D1 until set). */
export async function setCoachDivision(db: Db, userId: number, division: CoachDivision) {
  const [row] = await db
    .update(coaches)
    .set({ division })
    .where(eq(coaches.userId, userId))
    .returning({ id: coaches.userId, division: coaches.division });
  if (!row) throw notFound('Coach not found');
  return { id: row.id, division: row.division ?? division };
}
