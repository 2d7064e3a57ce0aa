import type { FastifyInstance } from 'fastify';
import { adminApi } from '../../../contract/api/admin';
import { sendPage } from '../../lib/pagination';
import { route } from '../../plugins/endpoints';
import { billingReport } from './admin-billing-report.service';
import { deleteUser } from './admin-delete.service';
import { readRecheck, recheckJobHandlers, startRecheck } from './admin-recheck.service';
import { getReportingMetrics } from './admin-reporting.service';
import { createUser, listUsers, updateUser } from './admin-users.service';

/** Every /api/admin call is declared admin-only: the access check refuses others before their input is read. */
export default async function adminRoutes(app: FastifyInstance) {
  route(app, adminApi.listUsers, async (req, reply) => sendPage(reply, await listUsers(app.db, req.query)));

  route(app, adminApi.createUser, { config: app.perAddressLimit(30) }, async (req) =>
    createUser(app.db, req.body),
  );

  route(app, adminApi.updateUser, async (req) => updateUser(app.db, req.user.id, req.params.id, req.body));

  route(app, adminApi.deleteUser, async (req) =>
    deleteUser({ db: app.db, storage: app.storage, log: req.log }, req.user.id, req.params.id),
  );

  route(app, adminApi.expireSession, async (req) => {
    await req.session.destroy();
    return { message: 'Session expired' };
  });

  route(app, adminApi.billingReport, async () => billingReport(app.db));

  route(app, adminApi.reporting, async () => getReportingMetrics(app.db));

  app.jobs.handle(recheckJobHandlers(app));
  route(app, adminApi.startRecheck, async (req) => startRecheck(app, req.user.id));
  route(app, adminApi.recheck, async (req) => readRecheck(app, req.params.id));
}
