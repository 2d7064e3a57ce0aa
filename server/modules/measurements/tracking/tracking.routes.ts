import type { FastifyInstance } from 'fastify';
import { measurementsApi } from '../../../../contract/api/measurements';
import { route } from '../../../plugins/endpoints';
import { readTrack, refitTrack, startTrack, trackJobHandlers } from './track.service';

/** Tracked Max Speed (issue 31): start a track, read its progress and result, correct and re-fit it. */
export default async function trackingRoutes(app: FastifyInstance) {
  app.jobs.handle(trackJobHandlers(app.db, app.storage));

  route(app, measurementsApi.startTrack, { config: app.perAddressLimit(60) }, async (req) => {
    const started = await startTrack(app.db, app.storage, req.user.id, req.body);
    app.jobs.kick();
    return started;
  });

  route(app, measurementsApi.track, async (req) => readTrack(app.db, req.params.id));

  route(app, measurementsApi.refitTrack, async (req) => refitTrack(app.db, req.params.id, req.body));
}
