import type { FastifyInstance } from 'fastify';
import { measurementsApi } from '../../../contract/api/measurements';
import { AppError } from '../../lib/app-error';
import { route } from '../../plugins/endpoints';
import { viewablePlayer } from '../players';
import { viewableVideo, VIDEO_STILL_PROCESSING, ensureMedia, toMediaDto } from '../videos';
import { assertNotBlinded } from './receipt-blinding';
import { correctMeasurement } from './correction.service';
import { kindBestsOf } from './filmed/filmed-receipt';
import { measure } from './measure.service';
import { readReceipt } from './receipt.service';
import { uploadSourceVideo } from './source-video.service';

export default async function measurementsRoutes(app: FastifyInstance) {
  route(app, measurementsApi.media, async (req) => {
    const video = await viewableVideo(app.db, req.user, { id: req.params.id });
    if (video.status === 'pending') throw new AppError('CONFLICT', VIDEO_STILL_PROCESSING);
    return toMediaDto(app.storage, video, await ensureMedia(app.db, app.storage, video));
  });

  route(app, measurementsApi.kindBests, async (req) => {
    await viewablePlayer(app.db, req.user, req.params.id);
    return kindBestsOf(app.db, req.params.id);
  });

  route(app, measurementsApi.preview, async (req) => (await measure(app.db, app.storage, req.body)).result);

  route(app, measurementsApi.sourceVideo, { config: app.perAddressLimit(20) }, async (req) =>
    uploadSourceVideo(app, req, req.user, req.params.id),
  );

  route(app, measurementsApi.correct, async (req) => {
    const analyst = req.user;
    const row = await correctMeasurement(app, analyst, req.params.id, req.body);
    return readReceipt(app.db, app.storage, analyst, req.params.id, row.revision);
  });

  route(app, measurementsApi.receipt, async (req) => {
    const user = req.user;
    // A pending blind audit hides the first measurement from every other analyst (decision 115).
    await assertNotBlinded(app.db, user, req.params.id);
    return readReceipt(app.db, app.storage, user, req.params.id, req.query.revision);
  });
}
