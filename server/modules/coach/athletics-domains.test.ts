import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLEGE_NOT_FOUND,
  DOMAIN_NOT_FOUND,
  NOT_A_DOMAIN,
  publicMailDomain,
} from '../../../contract/coach-domains';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { upsertSchools } from '../players';
import { applyCoach, college } from './coach.fixtures';

let t: TestApp;
let admin: TestUser;
let family: TestUser;
let analyst: TestUser;
let coach: TestUser;
let acu: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  family = await createUser(t);
  analyst = await createUser(t, { role: 'analyst' });
  coach = await createUser(t, { role: 'coach' });
  acu = (await college(t)).ipedsId!;
});
afterAll(() => t.close());

const url = (ipedsId: number, id?: string) =>
  `/api/admin/colleges/${ipedsId}/athletics-domains${id ? `/${encodeURIComponent(id)}` : ''}`;
const list = (u: TestUser | null, ipedsId = acu) => as(t, u, { method: 'GET', url: url(ipedsId) });
const add = (u: TestUser | null, domain: unknown, ipedsId = acu) =>
  as(t, u, { method: 'POST', url: url(ipedsId), payload: { domain } });
const remove = (u: TestUser | null, id: string, ipedsId = acu) =>
  as(t, u, { method: 'DELETE', url: url(ipedsId, id) });

describe("an admin manages a college's athletics domains", () => {
  it('lists the college with its website domain, adds a domain trimmed and lower-cased, removes it', async () => {
    const before = await list(admin);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      ipedsId: acu,
      name: 'Abilene Christian University',
      website: 'acu.edu',
      domains: [],
    });

    const res = await add(admin, '  GoWildcats.COM ');
    expect(res.statusCode, res.body).toBe(201);
    // Who added it: the admin's name (createUser names its users 'Test UserN').
    expect(res.json()).toMatchObject({ id: 'gowildcats.com', domain: 'gowildcats.com' });
    expect(res.json().addedBy).toMatch(/^Test User\d+$/);
    expect(Date.parse(res.json().addedAt)).not.toBeNaN();
    expect((await list(admin)).json().domains).toEqual([res.json()]);

    const gone = await remove(admin, 'gowildcats.com');
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await list(admin)).json().domains).toEqual([]);
  });

  it('refuses what is not a domain name, and public mail domains, with the message under the field', async () => {
    for (const bad of [
      'https://gowildcats.com',
      'gowildcats.com/athletics',
      'coach@gowildcats.com',
      'go wildcats.com',
      'gowildcats',
      'gowildcats.com.',
      '-go.com',
      '',
      42,
    ]) {
      const res = await add(admin, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors, String(bad)).toEqual({ domain: NOT_A_DOMAIN });
    }
    for (const pub of [
      'gmail.com',
      'Yahoo.com',
      'outlook.com',
      'hotmail.com',
      'icloud.com',
      'aol.com',
      'mail.yahoo.com',
    ]) {
      const res = await add(admin, pub);
      expect(res.statusCode, pub).toBe(400);
      expect(res.json().errors, pub).toEqual({ domain: publicMailDomain(pub.toLowerCase()) });
    }
    expect((await list(admin)).json().domains).toEqual([]);
  });

  it('answers 409 for a domain already there or under one whose subdomains match; the website host may be added', async () => {
    const sports = await as(t, admin, {
      method: 'POST',
      url: url(acu),
      payload: { domain: 'acusports.com', includeSubdomains: true },
    });
    expect(sports.statusCode, sports.body).toBe(201);
    expect(sports.json().includeSubdomains).toBe(true);
    const again = await add(admin, 'ACUsports.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('acusports.com is already one of the college’s athletics domains');
    const under = await add(admin, 'media.acusports.com');
    expect(under.statusCode).toBe(409);
    expect(under.json().message).toBe(
      'Addresses at media.acusports.com already match: it is under acusports.com',
    );
    // The website host approves nobody by itself (decision 238): an admin may curate it, exact host only.
    const site = await add(admin, 'www.acu.edu');
    expect(site.statusCode, site.body).toBe(201);
    expect(site.json()).toMatchObject({ domain: 'acu.edu', includeSubdomains: false });
    expect((await add(admin, 'athletics.acu.edu')).statusCode).toBe(201);
    expect((await list(admin)).json().domains.map((d: { domain: string }) => d.domain)).toEqual([
      'acu.edu',
      'acusports.com',
      'athletics.acu.edu',
    ]);
    for (const d of ['acusports.com', 'acu.edu', 'athletics.acu.edu'])
      expect((await remove(admin, d)).statusCode).toBe(204);
  });

  it('answers 404 for an unknown college, a school that is not a college, and a domain not there', async () => {
    await upsertSchools(t.db, [
      { level: 'High School', name: 'Cooper High School', city: 'Abilene', state: 'TX', ipedsId: 999001 },
    ]);
    for (const id of [12345678, 999001]) {
      for (const res of [
        await list(admin, id),
        await add(admin, 'ok.edu', id),
        await remove(admin, 'ok.edu', id),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toBe(COLLEGE_NOT_FOUND);
      }
    }
    const none = await remove(admin, 'never-added.com');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(DOMAIN_NOT_FOUND);
  });

  it('is for admins only: 401 signed out, 403 for a family, an analyst and a coach', async () => {
    const calls = [
      (u: TestUser | null) => list(u),
      (u: TestUser | null) => add(u, 'sneaky.com'),
      (u: TestUser | null) => remove(u, 'sneaky.com'),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      for (const u of [family, analyst, coach]) expect((await call(u)).statusCode).toBe(403);
    }
    expect((await list(admin)).json().domains).toEqual([]);
  });
});

describe('what an athletics domain changes', () => {
  it('a new application there is approved once verified; one already waiting stays waiting, marked as matching now; removal moves back only those it approved', async () => {
    const waiting = await applyCoach(t, { domain: 'gowildcatsacu.com', name: 'Wade Waiting' });
    expect(waiting.status).toBe('awaiting-admin');
    const mine = (r: { json(): { id: number }[] }) =>
      r.json().find((a) => a.id === waiting.applicationId) as Record<string, unknown>;
    expect(mine(await as(t, admin, { method: 'GET', url: '/api/admin/coach-applications' }))).toMatchObject({
      status: 'awaiting-admin',
      domainMatched: false,
      domainMatchesNow: false,
    });

    expect((await add(admin, 'gowildcatsacu.com')).statusCode).toBe(201);
    expect(mine(await as(t, admin, { method: 'GET', url: '/api/admin/coach-applications' }))).toMatchObject({
      status: 'awaiting-admin',
      domainMatched: false,
      domainMatchesNow: true,
    });
    expect((await as(t, waiting, { method: 'GET', url: '/api/coach/search' })).statusCode).toBe(403);

    const fresh = await applyCoach(t, { domain: 'gowildcatsacu.com' });
    expect(fresh.status).toBe('verify-email');
    expect((await as(t, fresh, { method: 'GET', url: '/api/coach/search' })).statusCode).toBe(200);
    // Exact host: a subdomain is not the domain unless the admin ticked includeSubdomains.
    const sub = await applyCoach(t, { domain: 'media.gowildcatsacu.com' });
    expect(sub.status).toBe('awaiting-admin');
    expect((await as(t, sub, { method: 'GET', url: '/api/coach/search' })).statusCode).toBe(403);

    const approved = await as(t, admin, {
      method: 'POST',
      url: `/api/admin/coach-applications/${waiting.applicationId}/approve`,
    });
    expect(approved.json()).toMatchObject({
      status: 'approved',
      domainMatchesNow: true,
      approvedByDomain: null,
    });

    expect((await remove(admin, 'gowildcatsacu.com')).statusCode).toBe(204);
    const later = await applyCoach(t, { domain: 'gowildcatsacu.com' });
    expect(later.status).toBe('awaiting-admin');
    // The coach the domain approved waits again; the one an admin approved keeps the account.
    expect((await as(t, fresh, { method: 'GET', url: '/api/coach/search' })).statusCode).toBe(403);
    expect((await as(t, waiting, { method: 'GET', url: '/api/coach/search' })).statusCode).toBe(200);
  });
});
