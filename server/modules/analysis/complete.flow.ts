import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analysisApi } from '../../../contract/api/analysis';
import { badRequest } from '../../lib/app-error';
import { FfmpegError } from '../../lib/ffmpeg';
import type { UserRow } from '../../db/schema';
import { analyseLocalVideo, putLocalVideo, removeKeys, withTempDir, receiveVideo } from '../videos';
import { videoRequired } from './complete.fields';
import { insertReceipt, storeReceiptStills, pendingRequest } from '../measurements';
import { commitCompletion } from './complete.service';
import { kindHandler } from './kind-handlers';
import { population } from './queue.service';
import { positionSubmetricList } from './submetrics.service';

/**
 * The processed video lands in a scratch file first, so ffmpeg can prove it playable and make the
 * thumbnail before anything reaches storage; stored files are removed again if the commit fails.
 */
export async function completeRequest(
  app: FastifyInstance,
  req: FastifyRequest,
  analyst: UserRow,
  id: number,
) {
  const { r: request } = await pendingRequest(app.db, id);
  const handler = kindHandler(request.requestType);
  const subs =
    handler.usesPositionSubmetrics && request.positionId
      ? await positionSubmetricList(app.db, request.positionId)
      : [];
  return withTempDir(async (dir) => {
    const { fields: parts, file } = await receiveVideo(req, {
      fileField: 'video',
      maxBytes: app.env.VIDEO_MAX_BYTES,
      store: async (stream, ext) => {
        const local = path.join(dir, `upload.${ext}`);
        await pipeline(stream, createWriteStream(local));
        return { local, ext };
      },
      discard: async () => undefined,
    });
    // The declared form (contract/api/analysis.ts): every text part a string; the kind checks the values.
    const fields = analysisApi.complete.form.parse(parts);
    const { values, measured, evidence, percentile } = await handler.complete({
      app,
      request,
      analyst,
      fields,
      submetrics: subs,
      population: await population(app.db, request.id),
    });
    if (!file && !measured && !evidence) throw videoRequired();
    let media: Awaited<ReturnType<typeof analyseLocalVideo>> | null = null;
    if (file) {
      try {
        media = await analyseLocalVideo(app.storage, file.value.local);
      } catch (err) {
        if (err instanceof FfmpegError) {
          throw badRequest(
            'The processed video could not be read. Please upload an MP4, MOV or WebM video.',
            { video: 'The processed video could not be read' },
          );
        }
        throw err;
      }
    }
    let videoKey: string | null = null;
    let stillKeys: string[] = [];
    try {
      if (file && media) videoKey = await putLocalVideo(app.storage, file.value.local, file.value.ext);
      const stored = media && videoKey ? { ...media, videoKey } : null;
      if (evidence) {
        stillKeys = await evidence.storeFiles();
        const keys = stillKeys;
        return await commitCompletion(app.db, analyst, request, values, stored, null, {
          ...evidence,
          writeReceipt: (tx, done) => evidence.writeReceipt(tx, done, keys),
        });
      }
      if (!measured) return await commitCompletion(app.db, analyst, request, values, stored);
      stillKeys = await storeReceiptStills(app.storage, measured);
      return await commitCompletion(app.db, analyst, request, values, stored, {
        sourceVideoId: measured.video.id,
        plusMinus: measured.result.plusMinus,
        methodLabel: measured.result.methodLabel,
        overrideReason: measured.override?.reason ?? null,
        held: measured.held,
        writeReceipt: (tx, done) =>
          insertReceipt(tx, {
            requestId: done.id,
            season: done.season,
            positionId: done.positionId,
            analyst,
            m: measured,
            stillKeys,
            percentile: percentile ?? null,
          }),
      });
    } catch (err) {
      await removeKeys(app.storage, [videoKey, media?.thumbnailKey, ...stillKeys]);
      throw err;
    }
  });
}
