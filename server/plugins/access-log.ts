import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from 'pino';

const INFO = 30;

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/**
 * A request's logger made when first used: most requests log nothing but their access line, which
 * is written without it, and pino's child costs a bindings string per request. It writes as the
 * child it stands for (same bindings, same options), and a level below the root's is a no-op that
 * makes nothing (decision 237).
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #real: Logger | undefined;
  constructor(
    /** The logger the request's child is made from. */
    readonly base: Logger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  /** Whether the child was made (a route logged, or changed its level). */
  get made() {
    return this.#real !== undefined;
  }
  get real(): Logger {
    return (this.#real ??= this.base.child(this.childBindings, this.options));
  }
  get level() {
    return this.#real ? this.#real.level : this.base.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  get levelVal() {
    return this.#real ? this.#real.levelVal : this.base.levelVal;
  }
  isLevelEnabled(level: string) {
    return this.#real ? this.#real.isLevelEnabled(level) : this.base.isLevelEnabled(level);
  }
  bindings() {
    return this.real.bindings();
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.real.child(bindings, options);
  }
  silent() {}
  declare trace: Logger['trace'];
  declare debug: Logger['debug'];
  declare info: Logger['info'];
  declare warn: Logger['warn'];
  declare error: Logger['error'];
  declare fatal: Logger['fatal'];
}
for (const level of LEVELS) {
  const value = pino.levels.values[level];
  Object.defineProperty(LazyRequestLogger.prototype, level, {
    value(this: LazyRequestLogger, ...args: unknown[]) {
      if (this.levelVal > value) return;
      this.real[level](...(args as [string]));
    },
  });
}

/** Fastify's `childLoggerFactory`: a request's logger, made when first used. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
) {
  // Logging off (Fastify's no-op logger, whose child is itself), or a route with a level of its own
  // (its child decides what is written): the child at once.
  if (typeof (logger as Logger).levelVal !== 'number' || options.level !== undefined)
    return logger.child(bindings, options);
  return new LazyRequestLogger(logger as Logger, bindings, options);
}

/**
 * One access-log line per request, written when the response has been sent: its request (method, path
 * with secrets redacted, host, address), status and time. Fastify's own controller writes two, one on
 * arrival and one on completion, each through pino's redaction; the arrival line is kept at `debug`
 * level, for following requests still in flight (decision 218). Errors are logged as Fastify does.
 * When the request's own logger was never made (see `lazyRequestLogger`), the line is written by the
 * logger it would have been made from, with the request's id as the line's first field: pino's public
 * `info(object, message)`, the same fields in the same order as the child would write them, without a
 * child per request (decisions 237 and 252).
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    // (Fastify's no-op logger, when logging is off, has no isLevelEnabled.)
    if ((request.log as Partial<Logger>).isLevelEnabled?.('debug'))
      request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    const log = request.log;
    if (log instanceof LazyRequestLogger && !log.made) {
      const base = log.base;
      if (base.levelVal > INFO) return;
      return base.info(
        {
          [this.requestIdLogLabel]: request.id,
          req: request,
          res: reply,
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    }
    log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
