import type { DbOrTx } from '../db/client';
import { enqueueJob, notifyJobWorkers, type JobHandlers } from './jobs';
import type { Mail, Mailer } from './mailer';

export const MAIL_JOB = 'mail';

/**
 * Mail leaves through the job queue, never inside a request: an answer then takes as long whether or
 * not a mail was due (no account enumeration by timing) and a stalled mail server stalls no request.
 */
export async function enqueueMail(db: DbOrTx, mail: Mail) {
  await enqueueJob(db, MAIL_JOB, { ...mail });
  notifyJobWorkers();
}

export const mailJobHandlers = (mailer: Mailer): JobHandlers => ({
  [MAIL_JOB]: async (payload: Mail) => {
    await mailer.send({ to: payload.to, subject: payload.subject, text: payload.text, html: payload.html });
  },
});
