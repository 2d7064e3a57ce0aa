import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { freshDb, createTestApp, linkFrom, sendQueuedMail } from '../test/helpers';
import type { DbHandle } from '../db/client';
import { createMailer } from './mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1: plain text, no auth, every message kept. */
async function startSmtp(opts: { rejectTo?: string } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (opts.rejectTo && address.address === opts.rejectTo) return cb(new Error('550 mailbox unavailable'));
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Quoted-printable bodies wrap long lines; this undoes it so links can be read back. */
const unwrap = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

function captureLog() {
  const lines: { level: string; obj: unknown; msg?: string }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as any };
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshDb();
});
afterAll(() => handle.close());
let smtpClose: (() => Promise<void>) | undefined;
afterEach(async () => {
  await smtpClose?.();
  smtpClose = undefined;
});

describe('mail', () => {
  it('with SMTP_URL, delivers through the SMTP server and records the mail as sent', async () => {
    const smtp = await startSmtp();
    smtpClose = smtp.close;
    const { log } = captureLog();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Verified Athlete <no-reply@va.test>',
      db: handle.db,
      log,
    });
    await mailer.send({ to: 'family@example.com', subject: 'Hello from the team', text: 'Plain body' });
    mailer.close();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@va.test', to: ['family@example.com'] });
    expect(smtp.received[0].raw).toContain('Subject: Hello from the team');
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'family@example.com'));
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
  });

  it('a refused delivery is kept with its error and logged, never thrown at the caller', async () => {
    const smtp = await startSmtp({ rejectTo: 'bounce@example.com' });
    smtpClose = smtp.close;
    const { lines, log } = captureLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@va.test', db: handle.db, log });
    await expect(
      mailer.send({ to: 'bounce@example.com', subject: 'Bounce', text: 'x' }),
    ).resolves.toBeUndefined();
    mailer.close();
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bounce@example.com'));
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/550|mailbox unavailable/);
    expect(lines.find((l) => l.level === 'error')?.msg).toBe('Mail delivery failed');
  });

  it('without SMTP_URL, keeps the mail in the outbox and prints its text and links to the log', async () => {
    const { lines, log } = captureLog();
    const mailer = createMailer({ from: 'no-reply@va.test', db: handle.db, log });
    await mailer.send({
      to: 'outbox@example.com',
      subject: 'Verify',
      text: 'Open http://localhost:5000/verify-email?token=abc&email=x',
    });
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outbox@example.com'));
    expect(row).toMatchObject({ subject: 'Verify', sentAt: null, error: null });
    expect(lines[0].msg).toContain('http://localhost:5000/verify-email?token=abc&email=x');
    expect(lines[0].obj).toMatchObject({
      mailTo: 'outbox@example.com',
      links: ['http://localhost:5000/verify-email?token=abc&email=x'],
    });
  });

  it('in development, each link of an outbox mail gets a log line of its own, the link alone after its label', async () => {
    const { lines, log } = captureLog();
    const mailer = createMailer({ from: 'no-reply@va.test', db: handle.db, log });
    await mailer.send({
      to: 'links@example.com',
      subject: 'Two links',
      text: 'Verify: http://localhost:5000/verify-email?token=abc&email=x\nOr reset: http://localhost:5000/reset-password?token=def',
    });
    expect(lines.slice(1).map((l) => l.msg)).toEqual([
      'Mail link: http://localhost:5000/verify-email?token=abc&email=x',
      'Mail link: http://localhost:5000/reset-password?token=def',
    ]);
    expect(lines[1].obj).toEqual({ mailTo: 'links@example.com' });
  });

  it('in production without SMTP, the log names the mail but not its secret links', async () => {
    const { lines, log } = captureLog();
    const mailer = createMailer({ from: 'no-reply@va.test', db: handle.db, log, logBodies: false });
    await mailer.send({
      to: 'prod@example.com',
      subject: 'Reset',
      text: 'http://x/reset-password?token=SECRET123',
    });
    expect(JSON.stringify(lines)).not.toContain('SECRET123');
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'Mail kept in the outbox: SMTP_URL is not set' });
  });

  it('registration through the app sends the verification link over SMTP', async () => {
    const smtp = await startSmtp();
    smtpClose = smtp.close;
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Verified Athlete <hello@va.test>' });
    try {
      const email = 'smtp-family@example.com';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: email, email, password: 'secret123', firstName: 'Sam', lastName: 'Smtp' },
      });
      expect(res.statusCode).toBe(201);
      // Account mail leaves through the job queue (decision 073); tests run the queue by hand.
      await sendQueuedMail(t);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual([email]);
      const link = linkFrom(unwrap(smtp.received[0].raw), '/verify-email');
      expect(link.email).toBe(email);
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: link.token, email },
      });
      expect(verified.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('registration still succeeds when the SMTP server is down', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const email = 'smtp-down@example.com';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: email, email, password: 'secret123', firstName: 'Sam', lastName: 'Down' },
      });
      expect(res.statusCode).toBe(201);
      await sendQueuedMail(t);
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(row.error).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
