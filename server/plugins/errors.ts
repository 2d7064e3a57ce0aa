import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error';

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '_';
    errors[key] ??= i.message;
  }
  return errors;
}

export const NUL_IN_TEXT = 'Text must not contain NUL characters';

/** PostgreSQL text cannot hold U+0000: such input would fail in the database as a 500, after earlier side effects. */
export function hasNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 32 || v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
  return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x, depth + 1));
}

/** One error path: AppError codes, zod failures as 400 with field messages, everything else a bare 500. */
export default fp(async (app) => {
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) throw new AppError('VALIDATION_ERROR', NUL_IN_TEXT);
  });

  app.setErrorHandler((err: any, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
      return reply.status(err.status).send({ message: err.message, code: err.code, errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(
        err.validation.map((v: any) => ({ path: String(v.instancePath ?? '').split('/').filter(Boolean), message: v.message })),
      );
      return reply.status(400).send({ message: Object.values(errors)[0] ?? 'Invalid input', code: 'VALIDATION_ERROR', errors });
    }
    if (err instanceof ZodError) {
      const errors = fieldErrors(err.issues);
      return reply.status(400).send({ message: Object.values(errors)[0] ?? 'Invalid input', code: 'VALIDATION_ERROR', errors });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429) return reply.status(429).send({ message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' });
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ message: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: err.message || 'Bad request', code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error', code: 'INTERNAL' });
  });

});
