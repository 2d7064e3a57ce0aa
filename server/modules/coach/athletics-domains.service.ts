import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  COLLEGE_NOT_FOUND,
  DOMAIN_NOT_FOUND,
  type AthleticsDomain,
  type CollegeDomains,
} from '../../../contract/coach-domains';
import type { Db } from '../../db/client';
import { collegeAthleticsDomains, schools, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';

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
  addedAt: r.createdAt.toISOString(),
  addedBy: adminName(r),
});

const domainsOf = (db: Db, schoolId: number): Promise<DomainRow[]> =>
  db
    .select({
      domain: collegeAthleticsDomains.domain,
      createdAt: collegeAthleticsDomains.createdAt,
      first: users.firstName,
      last: users.lastName,
      username: users.username,
    })
    .from(collegeAthleticsDomains)
    .leftJoin(users, eq(users.id, collegeAthleticsDomains.addedBy))
    .where(eq(collegeAthleticsDomains.schoolId, schoolId))
    .orderBy(asc(collegeAthleticsDomains.domain));

/** Each college's domains a work email may be at: its website's host and the added athletics domains. */
export async function collegeDomainsById(db: Db, schoolIds: number[]) {
  const out = new Map<number, string[]>();
  if (!schoolIds.length) return out;
  const ids = [...new Set(schoolIds)];
  const sites = await db
    .select({ id: schools.id, website: schools.website })
    .from(schools)
    .where(inArray(schools.id, ids));
  for (const s of sites) out.set(s.id, s.website ? [s.website] : []);
  const extra = await db
    .select({ id: collegeAthleticsDomains.schoolId, domain: collegeAthleticsDomains.domain })
    .from(collegeAthleticsDomains)
    .where(inArray(collegeAthleticsDomains.schoolId, ids));
  for (const e of extra) out.get(e.id)?.push(e.domain);
  return out;
}

export async function listDomains(db: Db, ipedsId: number): Promise<CollegeDomains> {
  const c = await college(db, ipedsId);
  const rows = await domainsOf(db, c.id);
  return { ipedsId, name: c.name, website: c.website, domains: rows.map(toDomain) };
}

/** Why a domain adds nothing: it is the website's, already added, or under one of them (subdomains match). */
function alreadyMatched(domain: string, website: string | null, added: string[]) {
  if (domain === website) return `${domain} is the college’s website domain: its addresses already match`;
  if (added.includes(domain)) return `${domain} is already one of the college’s athletics domains`;
  const parent = [website, ...added].find((d) => d && domain.endsWith(`.${d}`));
  return parent ? `Addresses at ${domain} already match: it is under ${parent}` : null;
}

/** Adds a domain. Applications already waiting stay waiting: the list tells the admin they now match. */
export async function addDomain(deps: DomainDeps, adminId: number, ipedsId: number, domain: string) {
  const c = await college(deps.db, ipedsId);
  const added = (await domainsOf(deps.db, c.id)).map((r) => r.domain);
  const why = alreadyMatched(domain, c.website, added);
  if (why) throw conflict(why);
  const [row] = await deps.db
    .insert(collegeAthleticsDomains)
    .values({ schoolId: c.id, domain, addedBy: adminId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`${domain} is already one of the college’s athletics domains`);
  deps.log.info({ adminId, ipedsId, domain }, 'admin added a college athletics domain');
  const [admin] = await deps.db
    .select({ first: users.firstName, last: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, adminId));
  return toDomain({
    domain: row.domain,
    createdAt: row.createdAt,
    ...(admin ?? { first: null, last: null, username: null }),
  });
}

/** Removes a domain: coaches approved through it keep their accounts; new applications there wait. */
export async function removeDomain(deps: DomainDeps, adminId: number, ipedsId: number, domain: string) {
  const c = await college(deps.db, ipedsId);
  const [row] = await deps.db
    .delete(collegeAthleticsDomains)
    .where(and(eq(collegeAthleticsDomains.schoolId, c.id), eq(collegeAthleticsDomains.domain, domain)))
    .returning({ domain: collegeAthleticsDomains.domain });
  if (!row) throw notFound(DOMAIN_NOT_FOUND);
  deps.log.info({ adminId, ipedsId, domain }, 'admin removed a college athletics domain');
  return null;
}
