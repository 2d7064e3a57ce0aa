import type { FastifyInstance } from 'fastify';
import { sharingApi } from '../../../contract/api/sharing';
import { route } from '../../plugins/endpoints';
import { viewablePlayer } from '../players';
import { playerPercentiles, resultPercentiles } from './percentiles.service';
import type { ViewCounter } from './public-cache';
import { readShare, replaceSlug, settingsFor, updateShare } from './share-settings.service';

/** The family's share settings for one of their players; anyone else gets 404. */
export default async function shareRoutes(app: FastifyInstance, opts: { views: ViewCounter }) {
  const appUrl = app.env.APP_URL;

  route(app, sharingApi.get, async (req) =>
    settingsFor(app.db, opts.views, appUrl, await readShare(app.db, req.user, req.params.id)),
  );

  route(app, sharingApi.update, async (req) =>
    settingsFor(app.db, opts.views, appUrl, await updateShare(app.db, req.user, req.params.id, req.body)),
  );

  route(app, sharingApi.newLink, async (req) =>
    settingsFor(app.db, opts.views, appUrl, await replaceSlug(app.db, req.user, req.params.id)),
  );

  route(app, sharingApi.percentiles, async (req) => {
    await viewablePlayer(app.db, req.user, req.params.id);
    return playerPercentiles(app.db, req.params.id);
  });

  route(app, sharingApi.resultPercentiles, async (req) => {
    await viewablePlayer(app.db, req.user, req.params.id);
    return resultPercentiles(app.db, req.params.id);
  });
}
