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
    let worker: ReturnType<typeof startJobWorker> | null = null;
    app.decorate('jobs', {
      handle: (more: JobHandlers) => void Object.assign(handlers, more),
      kick: () => worker?.kick(),
    });
    if (app.env.DISABLE_JOBS) return;
    app.addHook('onReady', async () => {
      worker = startJobWorker(app.db, handlers, { log: app.log, skipTypes: app.env.SKIP_JOB_TYPES });
    });
    app.addHook('onClose', async () => worker?.stop());
  },
  { name: 'jobs' },
);
