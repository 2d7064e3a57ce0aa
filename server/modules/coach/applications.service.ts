import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminCoachApplication } from '../../../contract/coach';
import type { CoachApplicationInput } from '../../../contract/coach-forms';
import type { Db } from '../../db/client';
import { coaches, collegeAthleticsDomains, schools, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { enqueueMail } from '../../lib/mail-jobs';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { endOtherSessions, issueVerification, normalizeEmail, signUpAttemptMail } from '../auth';
import { collegeDomainsById } from './athletics-domains.service';
import { approvedMail, declinedMail } from './coach.mail';
import { coachName } from './coach-standing';

export interface CoachDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

const PICK_COLLEGE = 'Pick your college from the list';

/** Whether an email's domain is the college's: its website's host or an athletics domain, or a subdomain of one. */
export function emailMatchesCollege(email: string, domains: string[]) {
  const host = email.split('@').pop()!.toLowerCase();
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

async function collegeByIpeds(db: Db, ipedsId: number) {
  const [college] = await db
    .select({ id: schools.id, name: schools.name, website: schools.website })
    .from(schools)
    .where(and(eq(schools.ipedsId, ipedsId), eq(schools.level, 'College')))
    .limit(1);
  if (!college) throw badRequest(PICK_COLLEGE, { collegeIpedsId: PICK_COLLEGE });
  const extra = await db
    .select({ domain: collegeAthleticsDomains.domain })
    .from(collegeAthleticsDomains)
    .where(eq(collegeAthleticsDomains.schoolId, college.id));
  const domains = [college.website, ...extra.map((e) => e.domain)].filter((d): d is string => Boolean(d));
  return { ...college, domains };
}

/**
 * A coach's application (decision 211): a new account of role coach, with the usual verification mail.
 * A work email of the college's domain is approved at once (the link proves the address); any other
 * waits for an admin. A taken address answers the same as a new one and mails its holder (decision 196).
 */
export async function applyAsCoach(
  deps: CoachDeps,
  input: CoachApplicationInput & { collegeIpedsId: number },
) {
  const college = await collegeByIpeds(deps.db, input.collegeIpedsId);
  const email = normalizeEmail(input.email);
  const matched = emailMatchesCollege(email, college.domains);
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
        status: matched ? 'approved' : 'awaiting-admin',
        domainMatched: matched,
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
  domainMatched: coaches.domainMatched,
  status: coaches.status,
  declineReason: coaches.declineReason,
  createdAt: coaches.createdAt,
};
type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationQuery>['execute']>>[number];

/**
 * As the admin sees them, with whether each email is the college's today: adding an athletics domain
 * approves nobody already waiting, the admin approves them (decision 211, 'Athletics domains').
 */
async function toApplications(db: Db, rows: ApplicationRow[]): Promise<AdminCoachApplication[]> {
  const schoolIds = rows.map((r) => r.schoolId);
  const domains = await collegeDomainsById(db, schoolIds);
  return rows.map(({ firstName, lastName, createdAt, schoolId, ...rest }) => ({
    ...rest,
    name: coachName({ firstName, lastName }),
    domainMatchesNow: emailMatchesCollege(rest.email, domains.get(schoolId) ?? []),
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

async function decide(db: Db, adminId: number, id: number, status: 'approved' | 'declined', reason?: string) {
  const [row] = await db
    .update(coaches)
    .set({ status, declineReason: reason ?? null, decidedBy: adminId, decidedAt: new Date() })
    .where(and(eq(coaches.id, id), eq(coaches.status, 'awaiting-admin')))
    .returning({ id: coaches.id });
  if (!row) {
    await application(db, id);
    throw conflict('This application was already decided');
  }
  return application(db, id);
}

export async function approveApplication(deps: CoachDeps, adminId: number, id: number) {
  const app = await decide(deps.db, adminId, id, 'approved');
  await enqueueMail(deps.db, approvedMail(deps.appUrl, app.email, app.name));
  return app;
}

export async function declineApplication(deps: CoachDeps, adminId: number, id: number, reason: string) {
  const app = await decide(deps.db, adminId, id, 'declined', reason);
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
