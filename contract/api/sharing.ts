import { z } from 'zod';
import { idParamsSchema } from '../analysis';
import { defineEndpoint } from '../endpoint';
import { percentileSchema, resultPercentileSchema } from '../percentiles';
import { shareSettingsSchema, updateShareSchema } from '../sharing';

const tags = ['sharing'];
const errors = [404];

/**
 * The family's share settings for one of their players; anyone else gets 404 (server/modules/sharing).
 * The public pages under /p/ are HTML and images, not API: their routes declare their access themselves.
 */
export const sharingApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id/share',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: shareSettingsSchema,
    errors,
    description:
      "The player's public profile settings: on or off, the link, what it shows, how many times it was opened.",
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/players/:id/share',
    access: 'user',
    tags,
    params: idParamsSchema,
    body: updateShareSchema,
    response: shareSettingsSchema,
    errors,
    description:
      'Turns the public profile on or off (off: the link answers 404 at once) and sets what it shows.',
  }),
  newLink: defineEndpoint({
    method: 'POST',
    path: '/api/players/:id/share/new-link',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: shareSettingsSchema,
    errors,
    description: 'Replaces the link with a new unguessable one; the old link answers 404 at once.',
  }),
  percentiles: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id/percentiles',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: z.array(percentileSchema),
    errors,
    description:
      "The player's percentiles against the verified population, each with its group and size (the owner family, analysts, admins).",
  }),
  resultPercentiles: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id/percentiles/results',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: z.array(resultPercentileSchema),
    errors,
    description:
      "The percentile of each of the player's completed results, by request: each number against the other players' verified bests at its own position (the owner family, analysts, admins).",
  }),
};
