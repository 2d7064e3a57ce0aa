import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written when the answer has been sent: its request (method, path
 * with secrets redacted, host, address), status and time. Fastify's own controller writes two, one on
 * arrival and one on completion, each through pino's redaction; the arrival line is kept at `debug`
 * level, for following requests still in flight (decision 218). Errors are logged as Fastify does.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) super.requestCompleted(error, request, reply);
    else request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
