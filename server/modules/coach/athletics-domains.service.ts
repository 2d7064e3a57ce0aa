import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  COLLEGE_NOT_FOUND,
  DOMAIN_NOT_FOUND,
  isPublicMailDomain,
  publicMailDomain,
  type AthleticsDomain,
  type CollegeDomains,
} from '../../../contract/coach-domains';
import type { Db } from '../../db/client';
import { coaches, collegeAthleticsDomains, schools, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { enqueueMail } from '../../lib/mail-jobs';
import { domainRemovedMail } from './coach.mail';
import { coachName } from './coach-standing';

/**
 * A college's athletics domains (decision 211, 'Athletics domains'). There is no admin audit log, so each
 * change is written to the server log with the admin's id; the row keeps who added it (`addedBy`, the
 * admin's name). A domain is its own id (the key is the college and the domain).
 */
export interface DomainDeps {
  db: Db;
  log: FastifyBaseLogger;
}

async function college(db: Db, ipedsId: number) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, website: schools.website })
    .from(schools)
    .where(and(eq(schools.ipedsId, ipedsId), eq(schools.level, 'College')))
    .limit(1);
  if (!row) throw notFound(COLLEGE_NOT_FOUND);
  return row;
}

interface DomainRow {
  domain: string;
  includeSubdomains: boolean;
  createdAt: Date;
  first: string | null;
  last: string | null;
  username: string | null;
}

const adminName = (r: Pick<DomainRow, 'first' | 'last' | 'username'>) =>
  [r.first, r.last].filter(Boolean).join(' ') || r.username || null;

const toDomain = (r: DomainRow): AthleticsDomain => ({
  id: r.domain,
  domain: r.domain,
  includeSubdomains: r.includeSubdomains,
  addedAt: r.createdAt.toISOString(),
  addedBy: adminName(r),
});

const domainsOf = (db: Db, schoolId: number): Promise<DomainRow[]> =>
  db
    .select({
      domain: collegeAthleticsDomains.domain,
      includeSubdomains: collegeAthleticsDomains.includeSubdomains,
      createdAt: collegeAthleticsDomains.createdAt,
      first: users.firstName,
      last: users.lastName,
      username: users.username,
    })
    .from(collegeAthleticsDomains)
    .leftJoin(users, eq(users.id, collegeAthleticsDomains.addedBy))
    .where(eq(collegeAthleticsDomains.schoolId, schoolId))
    .orderBy(asc(collegeAthleticsDomains.domain));

export async function listDomains(db: Db, ipedsId: number): Promise<CollegeDomains> {
  const c = await college(db, ipedsId);
  const rows = await domainsOf(db, c.id);
  return { ipedsId, name: c.name, website: c.website, domains: rows.map(toDomain) };
}

/**
 * Why a domain adds nothing: already added, or under an added one whose subdomains match. The website
 * host approves nobody (decision 238), so an admin may add it as an athletics domain (exact host only).
 */
function alreadyMatched(domain: string, added: Pick<DomainRow, 'domain' | 'includeSubdomains'>[]) {
  if (added.some((a) => a.domain === domain))
    return `${domain} is already one of the college’s athletics domains`;
  const parent = added.find((a) => a.includeSubdomains && domain.endsWith(`.${a.domain}`));
  return parent ? `Addresses at ${domain} already match: it is under ${parent.domain}` : null;
}

/** Adds a domain. Applications already waiting stay waiting: the list tells the admin they now match. */
export async function addDomain(
  deps: DomainDeps,
  adminId: number,
  ipedsId: number,
  input: { domain: string; includeSubdomains: boolean },
) {
  const { domain, includeSubdomains } = input;
  // The contract refuses these already; checked again here since such a domain would approve anyone.
  if (isPublicMailDomain(domain))
    throw badRequest(publicMailDomain(domain), { domain: publicMailDomain(domain) });
  const c = await college(deps.db, ipedsId);
  const why = alreadyMatched(domain, await domainsOf(deps.db, c.id));
  if (why) throw conflict(why);
  const [row] = await deps.db
    .insert(collegeAthleticsDomains)
    .values({ schoolId: c.id, domain, includeSubdomains, addedBy: adminId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`${domain} is already one of the college’s athletics domains`);
  deps.log.info({ adminId, ipedsId, domain, includeSubdomains }, 'admin added a college athletics domain');
  const [admin] = await deps.db
    .select({ first: users.firstName, last: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, adminId));
  return toDomain({
    domain: row.domain,
    includeSubdomains: row.includeSubdomains,
    createdAt: row.createdAt,
    ...(admin ?? { first: null, last: null, username: null }),
  });
}

/**
 * Removes a domain (decision 238): the coaches it approved wait for an admin again from the next request
 * (the standing check reads the row) and are told by mail; applications at it no longer approve when
 * verified. Coaches an admin approved keep their standing.
 */
export async function removeDomain(deps: DomainDeps, adminId: number, ipedsId: number, domain: string) {
  const c = await college(deps.db, ipedsId);
  const revoked = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(collegeAthleticsDomains)
      .where(and(eq(collegeAthleticsDomains.schoolId, c.id), eq(collegeAthleticsDomains.domain, domain)))
      .returning({ domain: collegeAthleticsDomains.domain });
    if (!row) throw notFound(DOMAIN_NOT_FOUND);
    await tx
      .update(coaches)
      .set({ applicationDomain: null })
      .where(and(eq(coaches.schoolId, c.id), eq(coaches.applicationDomain, domain)));
    const moved = await tx
      .update(coaches)
      .set({ status: 'awaiting-admin', approvedByDomain: null, decidedBy: null, decidedAt: null })
      .where(
        and(eq(coaches.schoolId, c.id), eq(coaches.approvedByDomain, domain), eq(coaches.status, 'approved')),
      )
      .returning({ userId: coaches.userId });
    if (!moved.length) return [];
    const people = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(
        inArray(
          users.id,
          moved.map((m) => m.userId),
        ),
      );
    for (const p of people) await enqueueMail(tx, domainRemovedMail(p.email, coachName(p), domain, c.name));
    return moved;
  });
  deps.log.info(
    { adminId, ipedsId, domain, coachesAwaitingAdmin: revoked.length },
    'admin removed a college athletics domain',
  );
  return null;
}
