import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/app-error';
import { FfmpegError } from '../../lib/ffmpeg';
import type { UserRow } from '../../plugins/session';
import { analyseLocalVideo, putLocalVideo, removeKeys, withTempDir } from '../videos/video-files';
import { receiveVideo } from '../videos/video-intake';
import { completionValues, videoRequired } from './complete.fields';
import { commitCompletion, pendingRequest } from './complete.service';
import { population } from './queue.service';
import { positionSubmetricList } from './submetrics.service';

/**
 * The processed video lands in a scratch file first, so ffmpeg can prove it playable and make the
 * thumbnail before anything reaches storage; stored files are removed again if the commit fails.
 */
export async function completeRequest(app: FastifyInstance, req: FastifyRequest, analyst: UserRow, id: number) {
  const { r: request } = await pendingRequest(app.db, id);
  const subs = request.requestType === 'iga' && request.positionId ? await positionSubmetricList(app.db, request.positionId) : [];
  return withTempDir(async (dir) => {
    const { fields, file } = await receiveVideo(req, {
      fileField: 'video',
      maxBytes: app.env.VIDEO_MAX_BYTES,
      store: async (stream, ext) => {
        const local = path.join(dir, `upload.${ext}`);
        await pipeline(stream, createWriteStream(local));
        return { local, ext };
      },
      discard: async () => undefined,
    });
    const values = completionValues(request, fields, subs, await population(app.db, request.id));
    if (!file) throw videoRequired();
    let media: Awaited<ReturnType<typeof analyseLocalVideo>>;
    try {
      media = await analyseLocalVideo(app.storage, file.value.local);
    } catch (err) {
      if (err instanceof FfmpegError) {
        throw badRequest('The processed video could not be read. Please upload an MP4, MOV or WebM video.', { video: 'The processed video could not be read' });
      }
      throw err;
    }
    let videoKey: string | null = null;
    try {
      videoKey = await putLocalVideo(app.storage, file.value.local, file.value.ext);
      return await commitCompletion(app.db, analyst, request, values, { ...media, videoKey });
    } catch (err) {
      await removeKeys(app.storage, [videoKey, media.thumbnailKey]);
      throw err;
    }
  });
}
