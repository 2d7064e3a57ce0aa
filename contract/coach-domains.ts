import { z } from 'zod';

/**
 * Athletics domains an admin curates for a college (decisions 211, 238): a coach's work email at one of
 * them (a subdomain only where the admin ticked `includeSubdomains`) is approved once the address is
 * verified. So a domain anyone can have an address at must never be one, whatever the table holds.
 */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'live.co.uk',
  'outlook.co.uk',
  'btinternet.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'pm.me',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
  'comcast.net',
  'att.net',
  'sbcglobal.net',
  'verizon.net',
  'bellsouth.net',
  'cox.net',
  'charter.net',
  'earthlink.net',
  'rocketmail.com',
  'qq.com',
  '163.com',
  'mail.ru',
] as const;

export const NOT_A_DOMAIN = 'Enter a domain name such as gowildcats.com (no https://, no path, no @)';
export const publicMailDomain = (domain: string) =>
  `${domain} is a public mail domain: anyone can have an address there`;
export const COLLEGE_NOT_FOUND = 'College not found';
export const DOMAIN_NOT_FOUND = 'This domain is not one of the college’s athletics domains';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** ' WWW.GoWildcats.com ' -> 'gowildcats.com': trimmed, lower-cased, `www.` dropped as the directory does. */
export function normalizeDomain(raw: string) {
  const d = raw.trim().toLowerCase();
  return d.startsWith('www.') ? d.slice(4) : d;
}

/** A host name of at least two labels: no scheme, path, port, @, space or trailing dot. */
export function isDomainName(d: string) {
  const labels = d.split('.');
  return (
    d.length <= 253 &&
    labels.length >= 2 &&
    labels.every((l) => LABEL.test(l)) &&
    TOP_LEVEL.test(labels.at(-1)!)
  );
}

export const isPublicMailDomain = (d: string) =>
  PUBLIC_MAIL_DOMAINS.some((p) => d === p || d.endsWith(`.${p}`));

export const athleticsDomainInputSchema = z.object({
  /** Addresses at a subdomain of it (`x@media.gowildcats.com`) match too; off unless the admin ticks it. */
  includeSubdomains: z
    .boolean({ error: 'includeSubdomains must be true or false' })
    .optional()
    .default(false),
  domain: z
    .string({ error: NOT_A_DOMAIN })
    .transform(normalizeDomain)
    .superRefine((d, ctx) => {
      if (!isDomainName(d)) ctx.addIssue({ code: 'custom', message: NOT_A_DOMAIN });
      else if (isPublicMailDomain(d)) ctx.addIssue({ code: 'custom', message: publicMailDomain(d) });
    }),
});

const ipedsId = z.coerce.number().int().positive().max(99_999_999);
export const collegeParams = z.object({ ipedsId });
/** A domain is its own id: the college's domains are unique (the table's key is the college and the domain). */
export const collegeDomainParams = z.object({ ipedsId, id: z.string().max(253).transform(normalizeDomain) });

export const athleticsDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  includeSubdomains: z.boolean(),
  addedAt: z.string(),
  /** The admin who added it; null until the table records it (decision 211). */
  addedBy: z.string().nullable(),
});

export type AthleticsDomain = z.infer<typeof athleticsDomainSchema>;

export const collegeDomainsSchema = z.object({
  ipedsId: z.number(),
  name: z.string(),
  /** The directory's website host (`www.` dropped): a hint to the admin, never an approval (decision 238). */
  website: z.string().nullable(),
  domains: z.array(athleticsDomainSchema),
});
export type CollegeDomains = z.infer<typeof collegeDomainsSchema>;
