import type { FastifyInstance } from 'fastify';
import { referralsApi } from '../../../contract/api/referrals';
import { route } from '../../plugins/endpoints';
import { completeReferral, lookupReferral, sendReferral } from './referrals.service';

export default async function referralsRoutes(app: FastifyInstance) {
  // The registration page and the dialog read `error`; every error of this scope carries it.
  app.addHook('preSerialization', async (_req, reply, payload: any) => {
    if (
      reply.statusCode >= 400 &&
      payload &&
      typeof payload.message === 'string' &&
      payload.error === undefined
    ) {
      return { ...payload, error: payload.message };
    }
    return payload;
  });

  route(app, referralsApi.send, { config: app.perAddressLimit(10) }, async (req) => {
    const sender = req.user;
    await app.limitAccount(req, 'referral-send', `user-${sender.id}`, 10);
    const deps = { db: app.db, payments: app.payments, mailer: app.mailer, appUrl: app.env.APP_URL };
    return sendReferral(deps, sender, req.body);
  });

  route(app, referralsApi.lookup, { config: app.perAddressLimit(30) }, async (req) =>
    lookupReferral(app.db, req.params.code),
  );

  route(app, referralsApi.complete, { config: app.perAddressLimit(10) }, async (req) =>
    completeReferral(app.db, req.params.code, req.body.userId, app.payments.livemode),
  );
}
