import fp from 'fastify-plugin';
import { startJobWorker, type JobHandlers } from '../lib/jobs';
import { mailJobHandlers } from '../lib/mail-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** A module adds the handlers of its job types while it registers. */
      handle(handlers: JobHandlers): void;
      /** Wakes this process's worker at once (after an enqueue). */
      kick(): void;
    };
  }
}

/** The background job worker of this process, started once every module has added its handlers. */
export default fp(
  async (app) => {
    const handlers: JobHandlers = { ...mailJobHandlers(app.mailer) };
    // One worker per lane (issue 50): mail and the other short jobs never wait behind a long one.
    let workers: ReturnType<typeof startJobWorker>[] = [];
    app.decorate('jobs', {
      handle: (more: JobHandlers) => void Object.assign(handlers, more),
      kick: () => workers.forEach((w) => w.kick()),
    });
    if (app.env.DISABLE_JOBS) return;
    app.addHook('onReady', async () => {
      const opts = { log: app.log, skipTypes: app.env.SKIP_JOB_TYPES };
      workers = (['short', 'long'] as const).map((lane) =>
        startJobWorker(app.db, handlers, { ...opts, lane }),
      );
    });
    app.addHook('onClose', async () => void (await Promise.all(workers.map((w) => w.stop()))));
  },
  { name: 'jobs' },
);
