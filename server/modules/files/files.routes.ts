import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isImageKey } from '../../lib/storage';

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

/**
 * Serves stored files with HTTP range requests, each only with a valid signed URL: videos, a minor's
 * photos and thumbnails alike (decision 197). Without one the answer is 403, signed in or not.
 */
export default async function filesRoutes(app: FastifyInstance) {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string } }>(
    '/files/*',
    // Open to everyone: the signature in the link is the permission.
    { schema: { hide: true }, config: { access: 'public' } },
    async (req, reply) => {
      const key = req.params['*'];
      if (!app.storage.verifySignature(key, req.query.expires ?? '', req.query.sig ?? '')) {
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
      // An image's link is the same for an hour (IMAGE_URL_STEP_SECONDS): the browser keeps it until the
      // link expires, never a shared cache. A video's link is new on every answer.
      const left = Math.max(0, Math.floor(Number(req.query.expires) - Date.now() / 1000));
      reply.header('Cache-Control', isImageKey(key) ? `private, max-age=${left}` : 'private, max-age=300');
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
