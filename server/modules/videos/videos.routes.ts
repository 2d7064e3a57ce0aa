import { keptReads, rowKey } from '../../db/write-clock';
import { pipeline } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { videosApi } from '../../../contract/api/videos';
import { VIDEO_URL_TTL_SECONDS, uploadFieldsSchema } from '../../../contract/videos';
import { badRequest, notFound } from '../../lib/app-error';
import { sendKept } from '../../plugins/answer-cache';
import { route } from '../../plugins/endpoints';
import { VIDEO_CONTENT_TYPES } from './video-signature';
import { extOfKey, newVideoKey, removeKeys } from './video-files';
import { receiveVideo } from './video-intake';
import { capBytes, noRoomFor, recordUploadWithinQuota, roomLeft, type Quota } from './video-quota';
import { checkUploadTarget, keyFromPath, listVideos, renameVideo, viewableVideo } from './videos.service';

/**
 * What the kept read reads (decisions 225, 226): the player's row of `players` (its owner), its videos and
 * their stats. A write to another table, or to another player's row, leaves its answers kept.
 */
const LIST_READS = keptReads(['videos', 'player_video_stats', 'positions'], { oneRowOf: ['players'] });

export default async function videosRoutes(app: FastifyInstance, opts: { kickJobs: () => void }) {
  // Kept until a write (decision 216): per user and query.
  route(app, videosApi.list, async (req, reply) =>
    sendKept(
      reply,
      app.answers,
      LIST_READS,
      () => listVideos(app.db, app.storage, req.user, req.params.playerId, req.query),
      [rowKey('players', 'id', req.params.playerId)],
    ),
  );

  route(app, videosApi.upload, { config: app.perAddressLimit(20) }, async (req) => {
    const user = req.user;
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
        // A name typed at upload comes first; otherwise the file's own (decision 259).
        name: target.name || file.name,
        key: file.value.key,
        size: file.value.size,
      });
      opts.kickJobs();
      return video;
    } catch (err) {
      await removeKeys(app.storage, [file.value.key]);
      throw err;
    }
  });

  route(app, videosApi.rename, async (req) =>
    renameVideo(app.db, app.storage, req.user, req.params.id, req.body.name),
  );

  route(app, videosApi.refreshUrl, async (req) => {
    const where =
      req.body.videoId !== undefined
        ? { id: req.body.videoId }
        : { key: keyFromPath(req.body.filePath ?? '') };
    const video = await viewableVideo(app.db, req.user, where);
    return {
      url: app.storage.url(video.storageKey, VIDEO_URL_TTL_SECONDS),
      expiresIn: VIDEO_URL_TTL_SECONDS,
    };
  });

  route(app, videosApi.download, async (req, reply) => {
    const video = await viewableVideo(app.db, req.user, { id: req.params.id });
    const size = await app.storage.size(video.storageKey);
    if (size === null) throw notFound('Video file not found');
    reply
      .header('Content-Type', VIDEO_CONTENT_TYPES[extOfKey(video.storageKey)] ?? 'video/mp4')
      .header('Content-Length', size)
      .header('Content-Disposition', `attachment; filename="video_${video.id}.mp4"`)
      .header('Cache-Control', 'private, no-store');
    return reply.send(await app.storage.read(video.storageKey));
  });
}
