import fp from 'fastify-plugin';
import { sweepScratch } from '../lib/scratch-sweep';

/** Sweeps stale scratch folders at start and every hour (issue 13: kill -9 leftovers). */
export default fp(async (app) => {
  const sweep = () =>
    sweepScratch().then(
      (removed) => removed.length && app.log.info({ removed: removed.length }, 'Removed stale scratch folders'),
      (err) => app.log.warn({ err }, 'Sweeping scratch folders failed'),
    );
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
});
