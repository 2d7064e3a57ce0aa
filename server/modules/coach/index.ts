import type { FastifyInstance } from 'fastify';
import coachRoutes from './coach.routes';
import { scheduleWeeklyMails, sendWeeklyMails, WEEKLY_MAIL_JOB } from './saved-searches.service';

const EVERY_MS = 60 * 60 * 1000;

/** College coaches (issue 29, decision 211): applications, search, watch list, connect; the family's switch. */
export default async function coachModule(app: FastifyInstance) {
  await app.register(coachRoutes);
  // The saved searches' weekly mail: queued hourly, each coach mailed at most once in 7 days (decision 211).
  app.jobs.handle({
    [WEEKLY_MAIL_JOB]: async () => {
      await sendWeeklyMails(app.db, app.env.APP_URL);
    },
  });
  if (app.env.DISABLE_JOBS) return;
  const tick = () =>
    scheduleWeeklyMails(app.db).catch((err) =>
      app.log.warn({ err }, 'could not schedule the coach weekly mail'),
    );
  const first = setTimeout(tick, 90_000);
  const timer = setInterval(tick, EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}

export { coachName } from './coach-standing';
export { coachAccountData } from './coach-export.service';
