import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mayCall, ROLES, type Role } from '../../contract/access';
import { apis } from '../../contract/api';
import { defineEndpoint } from '../../contract/endpoint';
import { analysisRequests, players, videos } from '../db/schema';
import { createPlayer } from '../modules/analysis/analysis.fixtures';
import { playerBody } from '../modules/players/player-fixtures';
import accessPlugin, { type Access } from '../plugins/access';
import { route } from '../plugins/endpoints';
import { as, createTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { undeclared } from './undeclared-routes';

/**
 * Who may call each route, against the app itself: every registered route declares its access (an
 * endpoint in contract/api, or `config.access` on its own registration; decision 199), and every
 * non-public route refuses callers before validating their input.
 */
let t: TestApp;
let routes: { method: string; url: string; access: Access | undefined }[];
let owner: TestUser;
let other: TestUser;
let analyst: TestUser;
let admin: TestUser;
/** One account of every role (a new role in contract/access.ts is tried here without a change). */
const byRole = {} as Record<Role, TestUser>;
const ids = { player: 0, video: 0, request: 0 };

beforeAll(async () => {
  t = await createTestApp({ EXPOSE_DEV_OUTBOX: 'true' });
  routes = t.app.accessRoutes.filter((r) => r.method !== 'HEAD');
  [owner, other, analyst, admin] = [
    await createUser(t),
    await createUser(t),
    await createUser(t, { role: 'analyst' }),
    await createUser(t, { role: 'admin' }),
  ];
  for (const role of ROLES) byRole[role] = await createUser(t, { role });
  const p = await createPlayer(t, owner);
  ids.player = p.id;
  const [v] = await t.db
    .insert(videos)
    .values({ playerId: p.id, url: '/files/videos/x.mp4', storageKey: 'videos/x.mp4', status: 'pending' })
    .returning();
  ids.video = v.id;
  const [r] = await t.db
    .insert(analysisRequests)
    .values({ playerId: p.id, userId: owner.id, hudlUrl: 'https://www.hudl.com/v/1', season: 2024 })
    .returning();
  ids.request = r.id;
});
afterAll(() => t.close());

/** The owner's ids in every path parameter, so other callers are tried against another family's objects. */
function fill(url: string) {
  return url
    .replace(/^\/api\/videos\/:playerId/, `/api/videos/${ids.player}`)
    .replace(/^\/api\/videos\/:id/, `/api/videos/${ids.video}`)
    .replace(/^\/api\/video-download\/:id/, `/api/video-download/${ids.video}`)
    .replace(/^\/api\/players\/:id/, `/api/players/${ids.player}`)
    .replace(/^\/api\/analysis-requests\/:id/, `/api/analysis-requests/${ids.request}`)
    .replace(/:[A-Za-z]+/g, '1')
    .replace('*', 'x');
}

const json = { 'content-type': 'application/json' };
/** A body no schema accepts: a caller who gets past the access check would see 400 with a field list. */
const hostile = JSON.stringify({
  firstName: 12,
  email: [],
  planId: 'x',
  reason: {},
  playerId: 'x',
  searchTerm: 7,
});

describe('route access', () => {
  it('declares every route the app registers', () => {
    const missing = undeclared(routes);
    expect(
      missing,
      'declare these in contract/api (registered with route()), or give their registration config.access',
    ).toEqual([]);
    expect(routes.length).toBeGreaterThan(60);
  });

  it('fails for a route with no declared access, and takes a GET outside /api as public web content', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(accessPlugin);
    app.get('/api/nobody-said', async () => ({}));
    app.get('/api/said', { config: { access: 'admin' } }, async () => ({}));
    app.get('/some/page', async () => 'page');
    const e = defineEndpoint({ method: 'POST', path: '/api/declared', access: 'user', response: z.null() });
    route(app, e, async () => null);
    await app.ready();
    const registered = app.accessRoutes.filter((r) => r.method !== 'HEAD');
    expect(undeclared(registered)).toEqual(['GET /api/nobody-said']);
    expect(registered.find((r) => r.url === '/some/page')?.access).toBe('public');
    expect(registered.find((r) => r.url === '/api/declared')?.access).toBe('user');
    await app.close();
  });

  it('registers every endpoint declared in contract/api, with its declared access', () => {
    const declared = Object.values(apis).flatMap((api) => Object.values(api));
    expect(declared.length).toBeGreaterThan(80);
    for (const e of declared) {
      const found = routes.find((r) => r.method === e.method && r.url === e.path);
      expect(found, `${e.method} ${e.path}`).toBeDefined();
      expect(found?.access, `${e.method} ${e.path}`).toBe(e.access);
    }
  });

  it('anonymous callers get 401 on every non-public route, before their input is validated', async () => {
    const closed = routes.filter((r) => r.access !== 'public');
    expect(closed.length).toBeGreaterThan(40);
    for (const r of closed) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        headers: json,
        payload: r.method === 'GET' ? undefined : hostile,
      });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(401);
      expect(res.json(), `${r.method} ${r.url}`).toMatchObject({
        message: 'Not authenticated',
        code: 'UNAUTHENTICATED',
      });
      expect(res.json().errors, `${r.method} ${r.url}`).toBeUndefined();
    }
  });

  it('a family account gets 403 on every analyst and admin route, before its input is validated', async () => {
    for (const r of routes.filter((x) => x.access === 'analyst' || x.access === 'admin')) {
      const res = await as(t, other, {
        method: r.method,
        url: fill(r.url),
        headers: json,
        payload: r.method === 'GET' ? undefined : hostile,
      });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
      expect(res.json().errors, `${r.method} ${r.url}`).toBeUndefined();
    }
  });

  it('an analyst gets 403 on every admin route', async () => {
    for (const r of routes.filter((x) => x.access === 'admin')) {
      const res = await as(t, analyst, {
        method: r.method,
        url: fill(r.url),
        headers: json,
        payload: r.method === 'GET' ? undefined : hostile,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it("another family never reads or changes a family's objects; an analyst never changes them; nobody gets a 5xx", async () => {
    const familyRoutes = routes.filter(
      (r) => r.access === 'user' && /:(id|playerId)/.test(r.url) && !r.url.startsWith('/api/positions/'),
    );
    expect(familyRoutes.length).toBeGreaterThan(8);
    const body = await playerBody(t, { firstName: 'Hijacked' });
    const outcomes: string[] = [];
    // Admins may edit any player (decision 011), so they go last and only must not break anything.
    for (const caller of [other, analyst]) {
      for (const r of familyRoutes) {
        const res = await as(t, caller, {
          method: r.method,
          url: fill(r.url),
          payload: r.method === 'GET' ? undefined : body,
        });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeLessThan(500);
        if (caller === other)
          expect([400, 403, 404], `${r.method} ${r.url}: ${res.body}`).toContain(res.statusCode);
        outcomes.push(`${caller === other ? 'other' : 'analyst'} ${r.method} ${r.url} ${res.statusCode}`);
      }
    }
    const [p] = await t.db.select().from(players).where(eq(players.id, ids.player));
    expect(p.firstName).toBe('Jamie');
    expect(p.userId).toBe(owner.id);
    expect(outcomes.filter((o) => o.startsWith('other') && / 2\d\d$/.test(o))).toEqual([]);
    for (const r of familyRoutes.filter((x) => x.method === 'GET')) {
      const res = await as(t, admin, { method: 'GET', url: fill(r.url) });
      expect(res.statusCode, `admin ${r.url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('a caller of each role gets 403 on every route its role may not call, before its input is validated', async () => {
    let refused = 0;
    for (const role of ROLES) {
      for (const r of routes.filter((x) => x.access && !mayCall(x.access, role))) {
        const res = await as(t, byRole[role], {
          method: r.method,
          url: fill(r.url),
          headers: json,
          payload: r.method === 'GET' ? undefined : hostile,
        });
        expect(res.statusCode, `${role}: ${r.method} ${r.url}: ${res.body}`).toBe(403);
        expect(res.json().errors, `${role}: ${r.method} ${r.url}`).toBeUndefined();
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(20);
  });

  it('the owner reaches their own objects', async () => {
    for (const url of [
      `/api/players/${ids.player}`,
      `/api/videos/${ids.player}`,
      `/api/players/${ids.player}/pending-requests`,
    ]) {
      const res = await as(t, owner, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
