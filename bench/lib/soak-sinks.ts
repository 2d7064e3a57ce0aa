/**
 * The topology's outside services, as the deploy topology test runs them: S3 through s3rver (files on
 * this machine's disk) and a local SMTP server that keeps every mail it is given, quoted-printable undone.
 */
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';

export interface Sinks {
  s3: { endpoint: string; bucket: string };
  smtpUrl: string;
  mail: string[];
  close: () => Promise<void>;
}

export async function startSinks(s3Dir: string, bucket = 'va-soak'): Promise<Sinks> {
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port: s3Port } = (await s3.run()) as { port: number };

  const mail: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        mail.push(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        cb();
      });
    },
  });
  // A replica killed (or its database stopped) mid-conversation resets its connection: a fault the soak
  // makes on purpose, not the sink's; without a listener the reset would end the soak's own process.
  smtp.on('error', () => {});
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  return {
    s3: { endpoint: `http://127.0.0.1:${s3Port}`, bucket },
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mail,
    close: async () => {
      await s3.close();
      await new Promise<void>((r) => smtp.close(() => r()));
    },
  };
}
