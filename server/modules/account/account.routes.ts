import type { FastifyInstance } from 'fastify';
import { accountApi } from '../../../contract/api/account';
import { route } from '../../plugins/endpoints';
import { deleteOwnAccount } from './account-delete.service';
import { exportAccount } from './account-export.service';

export default async function accountRoutes(app: FastifyInstance) {
  route(app, accountApi.export, { config: app.perAddressLimit(10) }, async (req, reply) => {
    const data = await exportAccount(
      { db: app.db, storage: app.storage, appUrl: app.env.APP_URL },
      req.user.id,
    );
    reply.header(
      'Content-Disposition',
      `attachment; filename="verified-athlete-data-${data.exportedAt.slice(0, 10)}.json"`,
    );
    reply.header('Cache-Control', 'no-store');
    return data;
  });

  route(app, accountApi.delete, { config: app.perAddressLimit(10) }, async (req) => {
    const result = await deleteOwnAccount(
      { db: app.db, storage: app.storage, log: req.log },
      req.user.id,
      req.body,
    );
    await req.session.destroy();
    return result;
  });
}
