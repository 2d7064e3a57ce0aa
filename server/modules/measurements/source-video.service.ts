import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAnalysisKind } from '../../../contract/analysis-kinds';
import { analysisRequests, positions, videos } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { FfmpegError } from '../../lib/ffmpeg';
import type { UserRow } from '../../db/schema';
import { pendingRequest } from './pending-request';
import {
  analyseLocalVideo,
  putLocalVideo,
  removeKeys,
  withTempDir,
  receiveVideo,
  ingestMedia,
  toMediaDto,
  toVideoDto,
} from '../videos';

const ONLY_SPEED_REQUESTS = 'Only a max-speed request is measured on a source video';
const FILE_REQUIRED = 'Please select a video file to upload';

/**
 * The analyst's upload of the source clip (film the family downloaded from Hudl and sent, say): it
 * joins the player's library, is probed at once, and becomes the request's source video.
 */
export async function uploadSourceVideo(
  app: FastifyInstance,
  req: FastifyRequest,
  _analyst: UserRow,
  requestId: number,
) {
  const { r: request } = await pendingRequest(app.db, requestId);
  // A kind measured by marks on a clip the analyst picks; a filmed kind's clip comes with the request.
  const kind = findAnalysisKind(request.requestType);
  if (kind?.measurement !== 'video-marks' || kind.filmed) throw badRequest(ONLY_SPEED_REQUESTS);
  return withTempDir(async (dir) => {
    const { file } = await receiveVideo(req, {
      fileField: 'file',
      maxBytes: app.env.VIDEO_MAX_BYTES,
      store: async (stream, ext) => {
        const local = path.join(dir, `source.${ext}`);
        await pipeline(stream, createWriteStream(local));
        return { local, ext };
      },
      discard: async () => undefined,
    });
    if (!file) throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
    let media: Awaited<ReturnType<typeof analyseLocalVideo>>;
    try {
      media = await analyseLocalVideo(app.storage, file.value.local);
    } catch (err) {
      if (err instanceof FfmpegError)
        throw badRequest('The video could not be read. Please upload an MP4, MOV or WebM video.', {
          file: 'The video could not be read',
        });
      throw err;
    }
    let key: string | null = null;
    let videoId: number | null = null;
    try {
      key = await putLocalVideo(app.storage, file.value.local, file.value.ext);
      const [video] = await app.db
        .insert(videos)
        .values({
          playerId: request.playerId,
          name: file.name,
          url: `/files/${key}`,
          storageKey: key,
          thumbnail: media.thumbnailKey,
          status: 'ready',
          durationSeconds: media.durationSeconds,
          positionId: request.positionId,
          season: request.season,
        })
        .returning();
      videoId = video.id;
      const probed = await ingestMedia(app.db, app.storage, video.id, file.value.local);
      const [linked] = await app.db
        .update(analysisRequests)
        .set({ sourceVideoId: video.id })
        .where(and(eq(analysisRequests.id, request.id), eq(analysisRequests.status, 'pending')))
        .returning({ id: analysisRequests.id });
      if (!linked) throw conflict('This request has already been processed');
      const [pos] = request.positionId
        ? await app.db
            .select({ key: positions.key })
            .from(positions)
            .where(eq(positions.id, request.positionId))
        : [];
      return {
        video: toVideoDto(app.storage, video, pos?.key ?? null),
        media: toMediaDto(app.storage, video, probed),
      };
    } catch (err) {
      if (videoId !== null) await app.db.delete(videos).where(eq(videos.id, videoId));
      await removeKeys(app.storage, [key, media.thumbnailKey]);
      throw err;
    }
  });
}
