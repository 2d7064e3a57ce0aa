import { pipeline } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../contract/analysis';
import { errorBodySchema } from '../../../contract/errors';
import { NEXT_CURSOR_HEADER, PAGE_SIZES, pageQuery } from '../../../contract/pagination';
import {
  VIDEO_URL_TTL_SECONDS,
  playerIdParamsSchema,
  refreshUrlResponseSchema,
  refreshUrlSchema,
  uploadFieldsSchema,
  videoListSchema,
  videoSchema,
} from '../../../contract/videos';
import { badRequest, notFound } from '../../lib/app-error';
import { VIDEO_CONTENT_TYPES } from './video-signature';
import { extOfKey, newVideoKey, removeKeys } from './video-files';
import { receiveVideo } from './video-intake';
import { capBytes, noRoomFor, recordUploadWithinQuota, roomLeft, type Quota } from './video-quota';
import { checkUploadTarget, keyFromPath, listVideos, viewableVideo } from './videos.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  408: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

export default async function videosRoutes(fastify: FastifyInstance, opts: { kickJobs: () => void }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['videos'];

  app.get(
    '/api/videos/:playerId',
    {
      schema: {
        tags,
        params: playerIdParamsSchema,
        querystring: pageQuery(PAGE_SIZES.videos.max, PAGE_SIZES.videos.fallback),
        response: { 200: videoListSchema, ...errors },
        description:
          "The player's videos, newest first, 100 per page; stats cover every video. When more exist the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.",
      },
    },
    async (req, reply) => {
      const { body, next } = await listVideos(
        app.db,
        app.storage,
        req.requireUser(),
        req.params.playerId,
        req.query,
      );
      if (next) reply.header(NEXT_CURSOR_HEADER, next);
      return body;
    },
  );

  app.post(
    '/api/videos/upload',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: videoSchema, ...errors },
        description:
          "Streams one video (fields playerId, positionId, file) into the player's library. 413 `STORAGE_QUOTA_EXCEEDED` when it does not fit in the family's video storage (decision 131); 408 `REQUEST_TIMEOUT` when the body stops arriving for UPLOAD_IDLE_SECONDS.",
      },
    },
    async (req, reply) => {
      const user = req.requireUser();
      const base = app.env.VIDEO_STORAGE_BASE_BYTES;
      const authorize = async (fields: Record<string, string>) => {
        const parsed = uploadFieldsSchema.parse(fields);
        const player = await checkUploadTarget(app.db, user, parsed.playerId, parsed.positionId);
        return { ...parsed, familyId: player.userId };
      };
      // Known when the fields come before the file: a full family is refused before any byte is stored,
      // and the file stops at the free space. The count after storing (below) is the one that holds.
      let room: { free: number; quota: Quota } | null = null;
      const { fields, file } = await receiveVideo(req, {
        fileField: 'file',
        maxBytes: app.env.VIDEO_MAX_BYTES,
        idleMs: app.env.UPLOAD_IDLE_SECONDS * 1000,
        beforeFile: async (f) => {
          if (!('playerId' in f)) return;
          const target = await authorize(f);
          if (target.familyId !== null) room = await roomLeft(app.db, target.familyId, base);
        },
        store: async (stream, ext) => {
          const key = newVideoKey(ext);
          const r = room;
          const body = r
            ? pipeline(
                stream,
                capBytes(r.free, () => noRoomFor(r.quota)),
                () => undefined,
              )
            : stream;
          const { size } = await app.storage.put(key, body, VIDEO_CONTENT_TYPES[ext]);
          return { key, size };
        },
        discard: (stored) => removeKeys(app.storage, [stored.key]),
      });
      if (!file)
        throw badRequest('Please select a video file to upload', {
          file: 'Please select a video file to upload',
        });
      try {
        const target = await authorize(fields);
        const video = await recordUploadWithinQuota(app.db, app.storage, base, {
          familyId: target.familyId,
          playerId: target.playerId,
          positionId: target.positionId,
          key: file.value.key,
          size: file.value.size,
        });
        opts.kickJobs();
        return reply.status(201).send(video);
      } catch (err) {
        await removeKeys(app.storage, [file.value.key]);
        throw err;
      }
    },
  );

  app.post(
    '/api/videos/refresh-url',
    {
      schema: { tags, body: refreshUrlSchema, response: { 200: refreshUrlResponseSchema, ...errors } },
    },
    async (req) => {
      const where =
        req.body.videoId !== undefined
          ? { id: req.body.videoId }
          : { key: keyFromPath(req.body.filePath ?? '') };
      const video = await viewableVideo(app.db, req.requireUser(), where);
      return {
        url: app.storage.url(video.storageKey, VIDEO_URL_TTL_SECONDS),
        expiresIn: VIDEO_URL_TTL_SECONDS,
      };
    },
  );

  app.get(
    '/api/video-download/:id',
    {
      schema: { tags, params: idParamsSchema },
    },
    async (req, reply) => {
      const video = await viewableVideo(app.db, req.requireUser(), { id: req.params.id });
      const size = await app.storage.size(video.storageKey);
      if (size === null) throw notFound('Video file not found');
      reply
        .header('Content-Type', VIDEO_CONTENT_TYPES[extOfKey(video.storageKey)] ?? 'video/mp4')
        .header('Content-Length', size)
        .header('Content-Disposition', `attachment; filename="video_${video.id}.mp4"`)
        .header('Cache-Control', 'private, no-store');
      return reply.send(await app.storage.read(video.storageKey));
    },
  );
}
