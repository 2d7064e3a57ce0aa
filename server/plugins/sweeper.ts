import path from 'node:path';
import fp from 'fastify-plugin';
import { sweepScratch } from '../lib/scratch-sweep';
import { sweepStorage } from '../lib/storage-sweep';
import { schedulePurgeUnreadable } from '../modules/videos';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Housekeeping at start and every hour (issue 13): scratch folders and half-written or orphaned
 * storage files left by kill -9, and the queued purge of unreadable videos past their removal date.
 */
export default fp(async (app) => {
  const local = !(app.env.S3_ENDPOINT && app.env.S3_BUCKET);
  const root = path.resolve(app.env.DATA_DIR, 'uploads');
  const sweep = async () => {
    try {
      const scratch = await sweepScratch();
      const files = local ? await sweepStorage(app.db, root) : [];
      if (scratch.length || files.length)
        app.log.info({ scratch: scratch.length, files }, 'Removed files left by an interrupted process');
      if (!app.env.DISABLE_JOBS) await schedulePurgeUnreadable(app.db);
    } catch (err) {
      app.log.warn({ err }, 'Housekeeping sweep failed');
    }
  };
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= sweep().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
