import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { playersApi } from '../../../contract/api/players';
import { PHOTO_MAX_BYTES, PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE } from '../../../contract/players';
import { AppError, badRequest } from '../../lib/app-error';
import { route } from '../../plugins/endpoints';
import { storePhoto } from './upload.service';

export default async function uploadRoutes(app: FastifyInstance) {
  // Scoped to this plugin: other features' uploads (videos) set their own limits.
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  route(app, playersApi.uploadPhoto, { config: app.perAddressLimit(30) }, async (req) => {
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
  });
}
