import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from 'pino';
import { requestSerializer } from '../lib/log-redaction';

// `msgPrefixSym` is exported at run time but not named in pino's types.
const S = pino.symbols as typeof pino.symbols & { readonly msgPrefixSym?: symbol };
const INFO = 30;

type Line = (request: FastifyRequest, reply: FastifyReply) => string;

/**
 * The access line as pino writes it for `request.log.info({ req, res, responseTime }, 'request
 * completed')` on a request's child logger, built directly: the same fields in the same order, the
 * request through the same serializer. Only for a logger written plainly (no mixin, formatter, nested
 * key, message prefix, write hook or multistream): for any other the answer is null and pino writes
 * the line. Checked once against pino's own rendering of a sample (decision 237).
 */
export function plainAccessLine(root: Logger, requestIdLabel: string): Line | null {
  const r = root as unknown as Record<symbol, unknown>;
  const formatters = r[S.formattersSym] as { log?: unknown } | undefined;
  const stream = r[S.streamSym] as Record<symbol, unknown> | undefined;
  const hooks = r[S.hooksSym] as { streamWrite?: unknown } | undefined;
  if (
    r[S.mixinSym] ||
    formatters?.log ||
    r[S.nestedKeySym] ||
    (S.msgPrefixSym !== undefined && r[S.msgPrefixSym]) ||
    r[S.messageKeySym] !== 'msg' ||
    hooks?.streamWrite ||
    !stream ||
    stream[S.needsMetadataGsym] ||
    typeof (r[S.lsCacheSym] as Record<number, string> | undefined)?.[INFO] !== 'string'
  )
    return null;
  const head = (r[S.lsCacheSym] as Record<number, string>)[INFO];
  const time = r[S.timeSym] as () => string;
  const chindings = r[S.chindingsSym] as string;
  const end = r[S.endSym] as string;
  const label = `,${JSON.stringify(requestIdLabel)}:`;
  const line: Line = (request, reply) =>
    `${head}${time()}${chindings}${label}${JSON.stringify(request.id)},"req":${JSON.stringify(
      requestSerializer(request),
    )},"res":{"statusCode":${reply.statusCode}},"responseTime":${finite(reply.elapsedTime)},"msg":"request completed"${end}`;

  // The same line as pino's, for a sample request at a fixed time.
  const sample = {
    id: 'req-"1"',
    method: 'GET',
    url: '/sample?a="b"',
    host: 'h\u2028',
    ip: '::1',
    socket: { remotePort: 1 },
  } as unknown as FastifyRequest;
  const sampleReply = { statusCode: 200, elapsedTime: 1.25 } as FastifyReply;
  const child = root.child({ [requestIdLabel]: sample.id });
  const asJson = (child as unknown as Record<symbol, (...a: unknown[]) => string>)[S.asJsonSym];
  const theirs = asJson.call(
    child,
    { req: sample, res: sampleReply, responseTime: 1.25 },
    'request completed',
    INFO,
    ',"time":0',
  );
  const ours = line(sample, sampleReply).replace(/,"time":\d+/, ',"time":0');
  return theirs === ours ? line : null;
}

const finite = (n: number) => (Number.isFinite(n) ? n : null);

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/**
 * A request's logger made when first used: most requests log nothing but their access line, which
 * is written without it, and pino's child costs a bindings string per request. It writes as the
 * child it stands for (same bindings, same options), and a level below the root's is a no-op that
 * makes nothing (decision 237).
 */
class LazyRequestLogger {
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
  return new LazyRequestLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * One access-log line per request, written when the answer has been sent: its request (method, path
 * with secrets redacted, host, address), status and time. Fastify's own controller writes two, one on
 * arrival and one on completion, each through pino's redaction; the arrival line is kept at `debug`
 * level, for following requests still in flight (decision 218). Errors are logged as Fastify does.
 * The line is written without a request's child logger (decision 237), so a request that logs nothing
 * else never makes one (see `lazyRequestLogger`).
 */
export class AccessLog extends LogController {
  // The line's writer per logger requests are made from (one, unless a route sets its own level).
  readonly #lines = new WeakMap<Logger, Line | null>();

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
      let line = this.#lines.get(base);
      if (line === undefined) this.#lines.set(base, (line = plainAccessLine(base, this.requestIdLogLabel)));
      if (line)
        return void (base as unknown as Record<symbol, NodeJS.WritableStream>)[S.streamSym].write(
          line(request, reply),
        );
    }
    log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
