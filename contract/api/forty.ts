import { z } from 'zod';
import { idParamsSchema } from '../analysis';
import { defineEndpoint } from '../endpoint';
import { fortyMeasurementSchema, fortyPreviewSchema, fortyReceiptSchema, fortyResultSchema } from '../forty';

const tags = ['forty'];

/** The verified 40 (server/modules/forty, decision 209): the preview, the receipt and a player's results. */
export const fortyApi = {
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/measurements/forty/preview',
    access: 'analyst',
    tags,
    body: fortyMeasurementSchema,
    response: fortyPreviewSchema,
    errors: [403, 404],
    description:
      'Times a 40 from the marked start, finish and lines: seconds, its ± bound (one frame at each end), the splits, the rate and the method, without storing anything.',
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/api/analysis-requests/:id/forty-receipt',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: fortyReceiptSchema,
    errors: [404],
    description:
      'The evidence of a verified 40: the file, the marks, the arithmetic and the stills of the start, the finish and the two lines (the owner family, analysts and admins).',
  }),
  results: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id/forty',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: z.array(fortyResultSchema),
    errors: [404],
    description: "A player's verified 40s, best (lowest) first, with bound, method and splits.",
  }),
};
