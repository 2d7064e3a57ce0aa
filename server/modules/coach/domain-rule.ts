import { eq, inArray } from 'drizzle-orm';
import { isPublicMailDomain } from '../../../contract/coach-domains';
import type { DbOrTx } from '../../db/client';
import { collegeAthleticsDomains } from '../../db/schema';

/**
 * Who a domain approves (decision 238): only an athletics domain an admin curated for the college, by
 * exact host, a subdomain only where the admin ticked `includeSubdomains`, and never a public mail
 * domain, whatever the table holds. The college's website host is not one: its students and alumni
 * share it with the coaches, so matching it is only a hint to the admin.
 */
export interface CuratedDomain {
  domain: string;
  includeSubdomains: boolean;
}

export const emailHost = (email: string) => email.split('@').pop()!.trim().toLowerCase();

/** The curated domain an address is at, or null. */
export function curatedDomainFor(email: string, domains: readonly CuratedDomain[]) {
  const host = emailHost(email);
  if (isPublicMailDomain(host)) return null;
  const hit = domains.find(
    (d) =>
      !isPublicMailDomain(d.domain) &&
      (host === d.domain || (d.includeSubdomains && host.endsWith(`.${d.domain}`))),
  );
  return hit?.domain ?? null;
}

/** A hint for the admin: the address is at the college's website host or under it. */
export function websiteHint(email: string, website: string | null) {
  if (!website) return false;
  const host = emailHost(email);
  return host === website || host.endsWith(`.${website}`);
}

/** Each college's curated athletics domains. */
export async function curatedDomainsById(db: DbOrTx, schoolIds: number[]) {
  const out = new Map<number, CuratedDomain[]>();
  const ids = [...new Set(schoolIds)];
  if (!ids.length) return out;
  const rows = await db
    .select({
      schoolId: collegeAthleticsDomains.schoolId,
      domain: collegeAthleticsDomains.domain,
      includeSubdomains: collegeAthleticsDomains.includeSubdomains,
    })
    .from(collegeAthleticsDomains)
    .where(
      ids.length === 1
        ? eq(collegeAthleticsDomains.schoolId, ids[0])
        : inArray(collegeAthleticsDomains.schoolId, ids),
    );
  for (const r of rows) {
    const list = out.get(r.schoolId) ?? [];
    list.push({ domain: r.domain, includeSubdomains: r.includeSubdomains });
    out.set(r.schoolId, list);
  }
  return out;
}
