import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../../db/schema';
import { MAIL_JOB } from '../../lib/mail-jobs';
import { createTestApp, createUser, sendQueuedMail, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const queuedMail = async () =>
  (await t.db.select().from(jobs).where(eq(jobs.type, MAIL_JOB))).filter((j) => j.status === 'queued');

describe('account mail leaves through the job queue, never inside a request', () => {
  it('reset-password answers at once with a stalled mail server, for an existing and an unknown account alike', async () => {
    const u = await createUser(t);
    const send = t.app.mailer.send;
    t.app.mailer.send = () => new Promise(() => {});
    try {
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email: u.email },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email: 'nobody-here@example.com' },
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      t.app.mailer.send = send;
    }
    const queued = await queuedMail();
    expect(queued.map((j) => (j.payload as { to: string }).to)).toEqual([u.email]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email))).toHaveLength(0);
    await sendQueuedMail(t);
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(sent.subject).toBe('Reset your Verified Athlete password');
    expect(await queuedMail()).toHaveLength(0);
  });
});
