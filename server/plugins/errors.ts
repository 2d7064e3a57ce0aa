import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error';
import { HashingBusyError } from '../lib/hash-pool';
import {
  INVALID_UNICODE,
  MAX_JSON_DEPTH,
  NUL_IN_TEXT,
  TOO_DEEP,
  hasLoneSurrogate,
  hasNul,
  jsonDepthExceeds,
} from '../lib/input-guards';

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '_';
    errors[key] ??= i.message;
  }
  return errors;
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** The database cannot be reached (refused, dropped, shutting down): not a bug in the request. */
function isDatabaseUnavailable(err: any): boolean {
  for (let e = err, i = 0; e && i < 4; e = e.cause, i++) {
    if (DB_DOWN_CODES.has(String(e.code))) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        String(e.message),
      )
    )
      return true;
  }
  return false;
}
export const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 5;

const MALFORMED_MULTIPART =
  /^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header|Part terminated early)/;

/** One error path: AppError codes, zod failures as 400 with field messages, everything else a bare 500. */
export default fp(async (app) => {
  // Written with `done`: no promise per request (decision 218).
  app.addHook('preValidation', (req, _reply, done) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body))
      return done(new AppError('VALIDATION_ERROR', NUL_IN_TEXT));
    if (hasLoneSurrogate(req.params) || hasLoneSurrogate(req.query) || hasLoneSurrogate(req.body))
      return done(new AppError('VALIDATION_ERROR', INVALID_UNICODE));
    done();
  });

  // Body policy for every route: 1 MiB (bodyLimit, uploads excepted) and at most 64 levels of nesting.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH))
      return done(new AppError('VALIDATION_ERROR', TOO_DEEP), undefined);
    void parseJson(req, body as string, done);
  });

  // An outage is logged once when it starts and once when the database answers again, not per request.
  let outage: NodeJS.Timeout | null = null;
  const outageStarted = (log: { error: (o: object, m: string) => void }, err: unknown) => {
    if (outage) return;
    log.error({ err }, 'Database unavailable: answering 503 until it is back');
    outage = setInterval(() => {
      app.dbHandle.ping().then(
        () => {
          if (outage) clearInterval(outage);
          outage = null;
          app.log.info('Database available again');
        },
        () => undefined,
      );
    }, 1000);
    outage.unref();
  };
  app.addHook('onClose', async () => {
    if (outage) clearInterval(outage);
  });

  app.setErrorHandler((err: any, req, reply) => {
    if (err instanceof HashingBusyError) {
      return reply
        .status(503)
        .header('retry-after', String(err.retryAfter))
        .send({ message: err.message, code: 'UNAVAILABLE' });
    }
    if (isDatabaseUnavailable(err)) {
      outageStarted(req.log, err);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE, code: 'UNAVAILABLE' });
    }
    if (err instanceof AppError) {
      if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
      // A stalled body is never read to its end: close the socket after the answer instead of waiting on it.
      if (err.code === 'REQUEST_TIMEOUT') reply.header('connection', 'close');
      return reply
        .status(err.status)
        .send({ ...err.details, message: err.message, code: err.code, errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(
        err.validation.map((v: any) => ({
          path: String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
          message: v.message,
        })),
      );
      return reply
        .status(400)
        .send({ message: Object.values(errors)[0] ?? 'Invalid input', code: 'VALIDATION_ERROR', errors });
    }
    if (err instanceof ZodError) {
      const errors = fieldErrors(err.issues);
      return reply
        .status(400)
        .send({ message: Object.values(errors)[0] ?? 'Invalid input', code: 'VALIDATION_ERROR', errors });
    }
    if (err instanceof Error && MALFORMED_MULTIPART.test(err.message)) {
      return reply.status(400).send({
        message: 'The upload could not be read. Please choose the file again.',
        code: 'VALIDATION_ERROR',
      });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429)
      return reply
        .status(429)
        .send({ message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' });
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ message: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        message: err.message || 'Bad request',
        code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR',
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error', code: 'INTERNAL' });
  });
});
