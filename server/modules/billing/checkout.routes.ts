import type { FastifyInstance } from 'fastify';
import { billingApi } from '../../../contract/api/billing';
import { route } from '../../plugins/endpoints';
import { startCheckout } from './checkout.service';

export default async function checkoutRoutes(app: FastifyInstance) {
  route(app, billingApi.checkout, { config: app.perAddressLimit(20) }, async (req) =>
    startCheckout({ db: app.db, payments: app.payments, appUrl: app.env.APP_URL }, req.user, req.body),
  );
}
