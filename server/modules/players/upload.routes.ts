import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { errorBodySchema } from '../../../contract/errors';
import {
  PHOTO_MAX_BYTES,
  PHOTO_NOT_IMAGE,
  PHOTO_TOO_LARGE,
  uploadResponseSchema,
} from '../../../contract/players';
import { AppError, badRequest } from '../../lib/app-error';
import { storePhoto } from './upload.service';

export default async function uploadRoutes(fastify: FastifyInstance) {
  // Scoped to this plugin: other features' uploads (videos) set their own limits.
  await fastify.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };

  app.post(
    '/api/upload',
    {
      config: app.perAddressLimit(30),
      schema: {
        tags: ['players'],
        consumes: ['multipart/form-data'],
        response: { 200: uploadResponseSchema, ...errors },
      },
    },
    async (req) => {
      req.requireUser();
      if (!req.isMultipart()) throw badRequest(PHOTO_NOT_IMAGE);
      const file = await req.file();
      if (!file || file.fieldname !== 'file') throw badRequest(PHOTO_NOT_IMAGE);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err: any) {
        if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE);
        throw err;
      }
      return storePhoto(app.storage, bytes);
    },
  );
}
