import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, mailOutbox } from '../../db/schema';
import { MAIL_JOB } from '../../lib/mail-jobs';
import { AppError } from '../../lib/app-error';

/** Browser tests read emailed links here; registered only with EXPOSE_DEV_OUTBOX outside production. */
export default async function devOutboxRoutes(app: FastifyInstance) {
  // A test tool, not API: hidden from the document, open like the log it replaces (decision 199).
  const options = { schema: { hide: true }, config: { access: 'public' as const } };
  app.get<{ Querystring: { to?: string } }>('/api/dev/outbox', options, async (req) => {
    const to = String(req.query.to ?? '').toLowerCase();
    // Mail leaves through the job queue: wait (a few seconds at most) until the queued mail has been sent.
    for (let i = 0; i < 50; i++) {
      const [waiting] = await app.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.type, MAIL_JOB), inArray(jobs.status, ['queued', 'running'])))
        .limit(1);
      if (!waiting) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    if (!mail) throw new AppError('NOT_FOUND', 'No mail for that address');
    return { subject: mail.subject, text: mail.text };
  });
}
