import { keptReads } from '../../db/write-clock';
import type { FastifyInstance } from 'fastify';
import { coachAdminApi, coachApi, coachFamilyApi } from '../../../contract/api/coach';
import { coachDomainsApi } from '../../../contract/api/coach-domains';
import { sendKept } from '../../plugins/answer-cache';
import { route } from '../../plugins/endpoints';
import {
  applyAsCoach,
  approveApplication,
  declineApplication,
  listApplications,
  setCoachDivision,
  suspendCoach,
} from './applications.service';
import { addDomain, listDomains, removeDomain } from './athletics-domains.service';
import { activeCoach } from './coach-standing';
import {
  acceptMessage,
  coachLog,
  connect,
  connections,
  declineMessage,
  familyMessages,
} from './connect.service';
import { coachViewsOf, getDiscovery, setDiscovery } from './discovery.service';
import { coachProfile, coachReceipt } from './profile.service';
import { deleteSavedSearch, listSavedSearches, saveSearch, unsubscribe } from './saved-searches.service';
import { coachPositions, searchPlayers } from './search.service';
import { unwatch, watch, watchlist } from './watchlist.service';

/** What the kept read reads (decision 225): a write to another table leaves its answers kept. */
const SEARCH_READS = keptReads([
  'coaches',
  'schools',
  'coach_search',
  'coach_search_results',
  'players',
  'positions',
  'profile_shares',
  'leaderboard',
  'leaderboard_value_counts',
]);

/** Coach routes check the coach's standing first (decision 211); family and admin routes their own access. */
export default async function coachRoutes(app: FastifyInstance) {
  const deps = () => ({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL });
  const db = app.db;

  route(app, coachApi.apply, { config: app.perAddressLimit(10) }, async (req) => {
    await app.limitAccount(req, 'register', req.body.email, 5);
    return applyAsCoach(deps(), req.body);
  });

  // Kept until a write (decision 216): the coach's own standing and the search, per coach and query.
  route(app, coachApi.search, async (req, reply) =>
    sendKept(reply, app.answers, SEARCH_READS, async () => {
      const standing = await activeCoach(db, req.user);
      return { body: await searchPlayers(db, app.storage, req.query, standing.division) };
    }),
  );
  route(app, coachApi.positions, async (req) => {
    await activeCoach(db, req.user);
    return coachPositions(db);
  });
  route(app, coachApi.profile, async (req) => {
    const standing = await activeCoach(db, req.user);
    return coachProfile(db, app.storage, req.user, req.params.id, standing.division);
  });
  route(app, coachApi.receipt, async (req, reply) => {
    await activeCoach(db, req.user);
    const page = await coachReceipt(db, app.storage, req.params.id, req.params.requestId, app.env.APP_URL);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(page);
  });
  route(app, coachApi.watchlist, async (req) => {
    await activeCoach(db, req.user);
    return watchlist(db, req.user);
  });
  route(app, coachApi.watch, async (req) => {
    await activeCoach(db, req.user);
    return watch(db, req.user, req.body.playerId, req.body.note);
  });
  route(app, coachApi.unwatch, async (req) => {
    await activeCoach(db, req.user);
    return unwatch(db, req.user, req.params.id);
  });
  route(app, coachApi.connect, { config: app.perAddressLimit(60) }, async (req) => {
    const standing = await activeCoach(db, req.user);
    return connect(deps(), req.user, standing, req.params.id, req.body.message);
  });
  route(app, coachApi.connections, async (req) => {
    await activeCoach(db, req.user);
    return connections(db, req.user);
  });

  route(app, coachApi.savedSearches, async (req) => {
    await activeCoach(db, req.user);
    return listSavedSearches(db, req.user);
  });
  route(app, coachApi.saveSearch, async (req) => {
    await activeCoach(db, req.user);
    return saveSearch(db, req.user, req.body);
  });
  route(app, coachApi.deleteSavedSearch, async (req) => {
    await activeCoach(db, req.user);
    return deleteSavedSearch(db, req.user, req.params.id);
  });
  route(app, coachApi.unsubscribe, { config: app.perAddressLimit(30) }, async (req) =>
    unsubscribe(db, req.body.token),
  );

  route(app, coachFamilyApi.getDiscovery, async (req) => getDiscovery(db, req.user, req.params.id));
  route(app, coachFamilyApi.discovery, async (req) => setDiscovery(db, req.user, req.params.id, req.body));
  route(app, coachFamilyApi.views, async (req) => coachViewsOf(db, req.user, req.params.id));
  route(app, coachFamilyApi.messages, async (req) => familyMessages(db, req.user));
  route(app, coachFamilyApi.accept, async (req) =>
    acceptMessage(deps(), req.user, req.params.id, req.body.contactEmail),
  );
  route(app, coachFamilyApi.decline, async (req) => declineMessage(deps(), req.user, req.params.id));

  route(app, coachAdminApi.applications, async () => listApplications(db));
  route(app, coachAdminApi.approve, async (req) =>
    approveApplication(deps(), req.user.id, req.params.id, req.body?.division),
  );
  route(app, coachAdminApi.decline, async (req) =>
    declineApplication(deps(), req.user.id, req.params.id, req.body.reason),
  );
  route(app, coachAdminApi.suspend, async (req) => suspendCoach(db, req.user.id, req.params.userId));
  route(app, coachAdminApi.division, async (req) =>
    setCoachDivision(db, req.params.userId, req.body.division),
  );
  route(app, coachAdminApi.log, async (req) => coachLog(db, req.params.id));

  route(app, coachDomainsApi.list, async (req) => listDomains(db, req.params.ipedsId));
  route(app, coachDomainsApi.add, async (req) =>
    addDomain({ db, log: req.log }, req.user.id, req.params.ipedsId, req.body),
  );
  route(app, coachDomainsApi.remove, async (req) =>
    removeDomain({ db, log: req.log }, req.user.id, req.params.ipedsId, req.params.id),
  );
}
