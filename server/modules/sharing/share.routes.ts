import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../contract/analysis';
import { errorBodySchema } from '../../../contract/errors';
import { percentileSchema } from '../../../contract/percentiles';
import { shareSettingsSchema, updateShareSchema } from '../../../contract/sharing';
import { z } from 'zod';
import { viewablePlayer } from '../players';
import { playerPercentiles } from './percentiles.service';
import { AppError } from '../../lib/app-error';
import type { ViewCounter } from './public-cache';
import { readShare, replaceSlug, settingsFor, updateShare } from './share-settings.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The family's share settings for one of their players; anyone else gets 404. */
export default async function shareRoutes(fastify: FastifyInstance, opts: { views: ViewCounter }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sharing'];
  const appUrl = app.env.APP_URL;
  app.addHook('preValidation', async (req) => {
    if (!req.session?.userId) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  });

  app.get(
    '/api/players/:id/share',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: shareSettingsSchema, ...errors },
        description:
          "The player's public profile settings: on or off, the link, what it shows, how many times it was opened.",
      },
    },
    async (req) =>
      settingsFor(app.db, opts.views, appUrl, await readShare(app.db, req.requireUser(), req.params.id)),
  );

  app.put(
    '/api/players/:id/share',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateShareSchema,
        response: { 200: shareSettingsSchema, ...errors },
        description:
          'Turns the public profile on or off (off: the link answers 404 at once) and sets what it shows.',
      },
    },
    async (req) =>
      settingsFor(
        app.db,
        opts.views,
        appUrl,
        await updateShare(app.db, req.requireUser(), req.params.id, req.body),
      ),
  );

  app.post(
    '/api/players/:id/share/new-link',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: shareSettingsSchema, ...errors },
        description: 'Replaces the link with a new unguessable one; the old link answers 404 at once.',
      },
    },
    async (req) =>
      settingsFor(app.db, opts.views, appUrl, await replaceSlug(app.db, req.requireUser(), req.params.id)),
  );

  app.get(
    '/api/players/:id/percentiles',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: z.array(percentileSchema), ...errors },
        description:
          "The player's percentiles against the verified population, each with its group and size (the owner family, analysts, admins).",
      },
    },
    async (req) => {
      await viewablePlayer(app.db, req.requireUser(), req.params.id);
      return playerPercentiles(app.db, req.params.id);
    },
  );
}
