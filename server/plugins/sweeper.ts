import path from 'node:path';
import fp from 'fastify-plugin';
import { sweepScratch } from '../lib/scratch-sweep';
import { instanceKey } from '../lib/instance-key';
import { sweepOwnPartials, sweepStorage } from '../lib/storage-sweep';
import type { Db } from '../db/client';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Housekeeping at start and every hour (issue 13): scratch folders and half-written or orphaned
 * storage files left by kill -9, and the queued purge of unreadable videos past their removal date;
 * once listening, this instance's own partial files from its previous run. `queueJobs`: the modules'
 * hourly jobs (the purge of unreadable videos, the queued clips' preparations), handed in by app.ts so
 * that a plugin knows no module.
 */
export default fp<{ queueJobs: (db: Db) => Promise<unknown> }>(async (app, opts) => {
  const local = !(app.env.S3_ENDPOINT && app.env.S3_BUCKET);
  const root = path.resolve(app.env.DATA_DIR, 'uploads');
  const sweep = async () => {
    try {
      const scratch = await sweepScratch();
      const files = local ? await sweepStorage(app.db, root) : [];
      if (scratch.length || files.length)
        app.log.info({ scratch: scratch.length, files }, 'Removed files left by an interrupted process');
      if (!app.env.DISABLE_JOBS) await opts.queueJobs(app.db);
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
  // A kill -9 mid-upload leaves a partial file; the restarted instance removes its own at once (decision 196).
  const startedAt = Date.now();
  let own: Promise<void> | null = null;
  app.addHook('onListen', async () => {
    const bound = app.server.address();
    if (!local || typeof bound !== 'object' || bound?.port !== app.env.PORT) return;
    own = sweepOwnPartials(root, instanceKey(app.env), startedAt).then(
      (files) => {
        if (files.length) app.log.info({ files }, "Removed partial files of this instance's previous run");
      },
      (err) => app.log.warn({ err }, 'Sweeping partial files failed'),
    );
    await own;
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await own;
  });
});
