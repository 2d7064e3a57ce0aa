import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise the outbox table plus the log, so links can be followed locally. */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
        await opts.db.insert(mailOutbox).values({ ...mail, sentAt: new Date() });
        return;
      }
      await opts.db.insert(mailOutbox).values(mail);
      opts.log.info({ mailTo: mail.to, subject: mail.subject }, `Mail (outbox, not sent):\n${mail.text}`);
    },
    close() {
      transport?.close();
    },
  };
}
