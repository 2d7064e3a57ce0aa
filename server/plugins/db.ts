import fp from 'fastify-plugin';
import type { Db, DbHandle } from '../db/client';
import { checkKeptReads, loadCatalog } from '../db/write-clock';
import { checkingKeptReads } from '../env';
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
  // The migrated catalog's tables and unique columns: a write's notification then drops only the kept
  // answers and sessions that read what it wrote (decisions 225, 260). A database that cannot be reached at
  // the start (the app still starts, decision 204) is asked again every few seconds; until then every write
  // counts as a write to every table.
  let retry: NodeJS.Timeout | undefined;
  const load = async () => {
    try {
      handle.writes.setCatalog(await loadCatalog(handle.db));
    } catch (err) {
      app.log.warn({ err }, 'the catalog could not be read; every write drops every kept answer until it is');
      retry = setTimeout(() => void load(), 5000);
      retry.unref();
    }
  };
  await load();
  app.addHook('onClose', async () => clearTimeout(retry));
  if (checkingKeptReads()) checkKeptReads();
  // A process that cannot hear the others' writes serves nothing from memory (decision 239): said in the
  // log when it starts and stops, and by the health check while it lasts.
  const off = handle.writes.onHeardChange((heard, why) => {
    if (heard)
      app.log.info(`Hearing other processes' writes again (${why}); kept answers and sessions are served.`);
    else
      app.log.error(
        `Not hearing other processes' writes (${why}); every session and answer is read from the database.`,
      );
  });
  app.addHook('onClose', async () => off());
  app.decorate('answers', answerCache(handle.writes, { ttlMs: answerCacheMs }));
  app.addHook('onClose', async () => handle.close());
});
