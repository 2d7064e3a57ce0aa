import type { FastifyInstance } from 'fastify';
import { retentionJobHandlers } from './retention.jobs';
import { schedulePurge } from './retention.service';

const EVERY_MS = 60 * 60 * 1000;

/** Queues the retention purge at start and then hourly; the job worker runs it (decision 062). */
export default async function retentionModule(app: FastifyInstance) {
  app.jobs.handle(retentionJobHandlers(app.db, app.env));
  if (app.env.DISABLE_JOBS) return;
  const tick = () =>
    schedulePurge(app.db).catch((err) => app.log.warn({ err }, 'could not schedule the retention purge'));
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
