import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isPrivateKey } from '../../lib/storage';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  m4v: 'video/x-m4v',
};

/**
 * Sends the status and headers as soon as the file starts to stream, not with its first chunk: the
 * player learns the length and range while the first read is still queued (decision 142).
 */
const headersFirst = (res: ServerResponse) => res.once('pipe', () => res.flushHeaders());

/** Serves stored files with HTTP range requests; private keys (videos) need a valid signed URL. */
export default async function filesRoutes(app: FastifyInstance) {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const key = req.params['*'];
      if (
        isPrivateKey(key) &&
        !app.storage.verifySignature(key, req.query.expires ?? '', req.query.sig ?? '')
      ) {
        throw new AppError('FORBIDDEN', 'This link has expired. Reload the page to get a new one.');
      }
      let size: number | null;
      try {
        size = await app.storage.size(key);
      } catch {
        size = null;
      }
      if (size === null) throw new AppError('NOT_FOUND', 'File not found');
      const type = TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
      reply.header('Accept-Ranges', 'bytes').header('Content-Type', type);
      reply.header('Cache-Control', isPrivateKey(key) ? 'private, max-age=300' : 'public, max-age=86400');
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
      if (range && (range[1] || range[2])) {
        let start = range[1] ? Number(range[1]) : size - Number(range[2]);
        let end = range[1] && range[2] ? Number(range[2]) : size - 1;
        start = Math.max(0, start);
        end = Math.min(end, size - 1);
        if (start > end || start >= size) {
          return reply.status(416).header('Content-Range', `bytes */${size}`).send();
        }
        reply
          .status(206)
          .header('Content-Range', `bytes ${start}-${end}/${size}`)
          .header('Content-Length', end - start + 1);
        headersFirst(reply.raw);
        return reply.send(await app.storage.read(key, { start, end }));
      }
      reply.header('Content-Length', size);
      headersFirst(reply.raw);
      return reply.send(await app.storage.read(key));
    },
  );
}
