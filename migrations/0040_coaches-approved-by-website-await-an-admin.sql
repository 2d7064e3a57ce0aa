-- Decision 238 (issue 50): only an admin, or an athletics domain an admin curated, makes a coach. Coaches the
-- rule before it approved on their own (an address under the college's website host: domain_matched, no
-- admin's decision) wait for an admin again, who sees them listed with what was checked.
UPDATE "coaches" SET "status" = 'awaiting-admin'
WHERE "status" = 'approved' AND "decided_by" IS NULL AND "approved_by_domain" IS NULL AND "domain_matched";
