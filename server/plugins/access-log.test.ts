import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOG_SERIALIZERS } from '../lib/log-redaction';
import { AccessLog, lazyRequestLogger } from './access-log';

const sink = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  return { lines, stream };
};

describe('the access line of a request whose logger was never made', () => {
  it("is the line the request's child logger would write, field for field and in order", () => {
    const { lines, stream } = sink();
    const root = pino({ serializers: LOG_SERIALIZERS }, stream);
    const request = {
      id: 'req-7',
      method: 'GET',
      url: '/api/videos/3?sig=secret',
      host: 'example.test',
      ip: '10.0.0.1',
      socket: { remotePort: 4242 },
      log: lazyRequestLogger(root, { reqId: 'req-7' }, {}),
    };
    const reply = { statusCode: 404, elapsedTime: 0.5 };
    new AccessLog().requestCompleted(null, request as never, reply as never);
    const written = JSON.parse(lines[0]) as Record<string, unknown>;
    // pino's own line for it, from the request's child logger.
    const { lines: theirLines, stream: theirs } = sink();
    pino({ serializers: LOG_SERIALIZERS }, theirs)
      .child({ reqId: request.id })
      .info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    const pinos = JSON.parse(theirLines[0]) as Record<string, unknown>;
    expect(Object.keys(written)).toEqual(Object.keys(pinos));
    expect({ ...written, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(written).toMatchObject({
      level: 30,
      reqId: 'req-7',
      req: {
        method: 'GET',
        url: '/api/videos/3?sig=[redacted]',
        host: 'example.test',
        remoteAddress: '10.0.0.1',
        remotePort: 4242,
      },
      res: { statusCode: 404 },
      responseTime: 0.5,
      msg: 'request completed',
    });
  });

  it("goes through the logger's own options (a mixin, another message key)", () => {
    const { lines, stream } = sink();
    const root = pino(
      { serializers: LOG_SERIALIZERS, mixin: () => ({ x: 1 }), messageKey: 'message' },
      stream,
    );
    const request = { id: 'r', method: 'GET', url: '/', log: lazyRequestLogger(root, { reqId: 'r' }, {}) };
    new AccessLog().requestCompleted(null, request as never, { statusCode: 200, elapsedTime: 1 } as never);
    expect(JSON.parse(lines[0])).toMatchObject({ x: 1, reqId: 'r', message: 'request completed' });
  });
});

describe("a request's logger, made when first used", () => {
  const { lines, stream } = sink();
  const app = Fastify({
    logger: { level: 'info', serializers: LOG_SERIALIZERS, stream },
    logController: new AccessLog(),
    childLoggerFactory: lazyRequestLogger,
  });
  beforeAll(async () => {
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/talks', async (req) => {
      req.log.debug('not at this level');
      req.log.info({ part: 1 }, 'a route line');
      return { ok: true };
    });
    app.get('/debugged', { logLevel: 'debug' }, async (req) => {
      req.log.debug('a debug line');
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('is never made for a request that logs only its access line', async () => {
    await app.inject({ method: 'GET', url: '/quiet?probe=warm' });
    lines.length = 0;
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ method: 'GET', url: '/quiet?probe=1' });
    await app.inject({ method: 'GET', url: '/talks?probe=0' });
    expect(child).toHaveBeenCalledTimes(1);
    child.mockRestore();
    const access = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request completed');
    expect(access.map((l) => (l.req as { url: string }).url)).toEqual(['/quiet?probe=1', '/talks?probe=0']);
  });

  it("writes a route's line with the request's id, as its access line has it; a level below the logger's writes nothing", async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/talks' });
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const own = parsed.find((l) => l.msg === 'a route line');
    const access = parsed.find((l) => l.msg === 'request completed');
    expect(own).toMatchObject({ part: 1, level: 30 });
    expect(own?.reqId).toEqual(expect.stringMatching(/\S/));
    expect(access?.reqId).toBe(own?.reqId);
    expect(parsed.some((l) => l.msg === 'not at this level')).toBe(false);
  });

  it('a route with a level of its own logs at that level, and its access line as before', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/debugged' });
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((l) => l.msg)).toEqual(['incoming request', 'a debug line', 'request completed']);
    expect(new Set(parsed.map((l) => l.reqId)).size).toBe(1);
  });

  it('logs a failed request as Fastify does, with its error', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/fails' });
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.find((l) => l.level === 50)).toMatchObject({ err: { message: 'boom' } });
  });

  it('answers what a logger is asked of it without being made', () => {
    const root = pino({ level: 'warn' }, sink().stream);
    const child = vi.spyOn(root, 'child');
    const log = lazyRequestLogger(root, { reqId: 'r1' }, {}) as unknown as pino.Logger;
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('info')).toBe(false);
    log.info('dropped');
    expect(child).not.toHaveBeenCalled();
    log.warn('kept');
    expect(child).toHaveBeenCalledWith({ reqId: 'r1' }, {});
  });
});
