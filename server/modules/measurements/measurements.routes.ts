import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/analysis';
import { errorBodySchema } from '../../../contract/errors';
import {
  measurementFieldSchema,
  measurementResultSchema,
  previewSchema,
  receiptSchema,
  videoMediaSchema,
} from '../../../contract/measurements';
import { videoSchema } from '../../../contract/videos';
import { AppError } from '../../lib/app-error';
import { viewableVideo, VIDEO_STILL_PROCESSING, ensureMedia, toMediaDto } from '../videos';
import { assertNotBlinded } from './receipt-blinding';
import { correctMeasurement } from './correction.service';
import { measure } from './measure.service';
import { readReceipt } from './receipt.service';
import { uploadSourceVideo } from './source-video.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};
const revisionQuery = z.object({ revision: z.coerce.number().int().positive().max(1_000_000).optional() });

export default async function measurementsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['measurements'];

  app.get(
    '/api/videos/:id/media',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: videoMediaSchema, ...errors },
        description:
          'What ffprobe read from the video (SHA-256, exact frame rates, every frame time) and a signed URL of the file the browser decodes.',
      },
    },
    async (req) => {
      const video = await viewableVideo(app.db, req.requireUser(), { id: req.params.id });
      if (video.status === 'pending') throw new AppError('CONFLICT', VIDEO_STILL_PROCESSING);
      return toMediaDto(app.storage, video, await ensureMedia(app.db, app.storage, video));
    },
  );

  app.post(
    '/api/measurements/preview',
    {
      schema: {
        tags,
        body: previewSchema,
        response: { 200: measurementResultSchema, ...errors },
        description:
          'Computes intervals, the fastest 10-yard window, mph and its ± bound from yard-line crossing marks, without storing anything.',
      },
    },
    async (req) => {
      req.requireUser();
      return (await measure(app.db, app.storage, req.body)).result;
    },
  );

  app.post(
    '/api/analysis-requests/:id/source-video',
    {
      config: app.perAddressLimit(20),
      schema: {
        tags,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ video: videoSchema, media: videoMediaSchema }), ...errors },
        description:
          "The analyst uploads the source clip of a pending max-speed request (one file part named 'file'); it joins the player's library and becomes the request's source video.",
      },
    },
    async (req, reply) => {
      const analyst = req.requireUser();
      return reply.status(201).send(await uploadSourceVideo(app, req, analyst, req.params.id));
    },
  );

  app.post(
    '/api/analysis-requests/:id/measurement',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: measurementFieldSchema,
        response: { 200: receiptSchema, ...errors },
        description:
          'Corrects the measured Max Speed of a completed request: a new receipt revision (earlier ones stay readable).',
      },
    },
    async (req) => {
      const analyst = req.requireUser();
      const row = await correctMeasurement(app, analyst, req.params.id, req.body);
      return readReceipt(app.db, app.storage, analyst, req.params.id, row.revision);
    },
  );

  app.get(
    '/api/analysis-requests/:id/receipt',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: revisionQuery,
        response: { 200: receiptSchema, ...errors },
        description:
          'The evidence receipt of a measured Max Speed (latest revision unless ?revision=N): the owner family, analysts and admins.',
      },
    },
    async (req) => {
      const user = req.requireUser();
      // A pending blind audit hides the first measurement from every other analyst (decision 115).
      await assertNotBlinded(app.db, user, req.params.id);
      return readReceipt(app.db, app.storage, user, req.params.id, req.query.revision);
    },
  );
}
