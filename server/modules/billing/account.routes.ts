import type { FastifyInstance } from 'fastify';
import { isAdmin, type Role } from '../../../contract/access';
import { billingApi } from '../../../contract/api/billing';
import { sendPage } from '../../lib/pagination';
import { route } from '../../plugins/endpoints';
import { billingAccount, checkoutPreview, portalSession } from './account.service';
import { historyCsv, listHistory } from './history.service';

/** The family's own billing: account summary, history (paged and CSV), the Stripe portal, plan-change preview. */
export default async function accountRoutes(app: FastifyInstance) {
  const deps = () => ({
    db: app.db,
    payments: app.payments,
    appUrl: app.env.APP_URL,
    supportEmail: app.env.SUPPORT_EMAIL,
  });
  // Test mode's refund and dispute tools are an admin's (decision 206): only an admin's rows link to them.
  const linkTestTools = (role: Role) => app.payments.kind === 'test-mode' && isAdmin(role);

  route(app, billingApi.account, async (req) => billingAccount(deps(), req.user));

  route(app, billingApi.history, async (req, reply) =>
    sendPage(reply, await listHistory(app.db, req.user.id, req.query, linkTestTools(req.user.role))),
  );

  route(app, billingApi.historyCsv, async (req, reply) => {
    let csv = '';
    for await (const chunk of historyCsv(app.db, req.user.id)) csv += chunk;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="billing-history.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  route(app, billingApi.portal, { config: app.perAddressLimit(20) }, async (req) =>
    portalSession(deps(), req.user),
  );

  route(app, billingApi.checkoutPreview, async (req) => checkoutPreview(deps(), req.user, req.query.planId));
}
