import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Browser tests read emailed links here; registered only with EXPOSE_DEV_OUTBOX outside production. */
export default async function devOutboxRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string } }>('/api/dev/outbox', { schema: { hide: true } }, async (req) => {
    const to = String(req.query.to ?? '').toLowerCase();
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
    if (!mail) throw new AppError('NOT_FOUND', 'No mail for that address');
    return { subject: mail.subject, text: mail.text };
  });
}
