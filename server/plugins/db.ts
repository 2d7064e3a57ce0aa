import fp from 'fastify-plugin';
import type { Db, DbHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

export default fp<{ handle: DbHandle }>(async (app, { handle }) => {
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  app.addHook('onClose', async () => handle.close());
});
