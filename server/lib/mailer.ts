import nodemailer, { type Transporter } from 'nodemailer';
import type { BaseLogger } from 'pino';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Never throws: a mail that cannot be delivered is kept in the outbox with its error and logged. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: Pick<BaseLogger, 'info' | 'warn' | 'error'>;
  /** Print outbox mail bodies (with their links) to the log; off in production, where links are secrets. */
  logBodies?: boolean;
}

/** SMTP when SMTP_URL is set; otherwise the outbox table plus the log, so links can be followed locally. */
export function createMailer(opts: MailerOptions): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  const logBodies = opts.logBodies ?? true;
  return {
    async send(mail) {
      if (!transport) {
        await opts.db.insert(mailOutbox).values(mail);
        // The links get their own field: inside the JSON-escaped text they are awkward to copy.
        const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
        if (logBodies) {
          opts.log.info(
            { mailTo: mail.to, subject: mail.subject, links },
            `Mail (outbox, not sent):\n${mail.text}`,
          );
          // The log is JSON lines: a link inside the escaped text above is hard to find, so each one also
          // gets a line whose message is the link alone, ready to copy (README, Run it).
          for (const link of links) opts.log.info({ mailTo: mail.to }, `Mail link: ${link}`);
        } else
          opts.log.warn(
            { mailTo: mail.to, subject: mail.subject },
            'Mail kept in the outbox: SMTP_URL is not set',
          );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await opts.db.insert(mailOutbox).values({ ...mail, sentAt: new Date() });
      } catch (err) {
        // The account change that asked for this mail has happened; losing the mail must not undo it.
        const error = err instanceof Error ? err.message : String(err);
        opts.log.error({ mailTo: mail.to, subject: mail.subject, error }, 'Mail delivery failed');
        await opts.db
          .insert(mailOutbox)
          .values({ ...mail, error })
          .catch(() => undefined);
      }
    },
    close() {
      transport?.close();
    },
  };
}
