import fp from 'fastify-plugin';
import type { FastifyRequest, onSendHookHandler } from 'fastify';

/** The most of a refused body read and dropped to keep its connection; a longer one closes it instead. */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;

const declaredLength = (req: FastifyRequest) => {
  const n = Number(req.headers['content-length']);
  return Number.isFinite(n) ? n : null;
};

/**
 * An answer sent before its request body was read (an upload refused at its fields or its first
 * bytes, decision 196): the parser sits paused on the unread body, so the next request on that
 * keep-alive socket would never be answered. The rest of a short body is read and dropped; a long or
 * unsized one is answered with `Connection: close` rather than read to its end.
 */
export default fp(async (app) => {
  const onSend: onSendHookHandler = (req, reply, payload, done) => {
    const raw = req.raw;
    const length = declaredLength(req);
    const hasBody = (length !== null && length > 0) || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.readableEnded) return done(null, payload);
    if (length === null || length > DRAIN_MAX_BYTES) reply.header('connection', 'close');
    // Whatever was reading the body (the multipart parser) has been given up on: drop what remains.
    raw.unpipe();
    raw.removeAllListeners('data');
    raw.resume();
    done(null, payload);
  };
  // Only where a body parser may be reading: a GET or HEAD route's body is never read, and Node drops
  // an unread body itself (so every read is spared this hook, decision 237).
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    route.onSend = [...([] as onSendHookHandler[]).concat(route.onSend ?? []), onSend];
  });
});
