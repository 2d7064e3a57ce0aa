import fp from 'fastify-plugin';
import type { Db, DbHandle } from '../db/client';
import { answerCache, type AnswerCache } from './answer-cache';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
    /** Answers of the hot reads kept until a write (decision 216). */
    answers: AnswerCache;
  }
}

export default fp<{ handle: DbHandle; answerCacheMs: number }>(async (app, { handle, answerCacheMs }) => {
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  app.decorate('answers', answerCache(handle.writes, { ttlMs: answerCacheMs }));
  app.addHook('onClose', async () => handle.close());
});
