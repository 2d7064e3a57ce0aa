import { z } from 'zod';
import { idParamsSchema } from '../analysis';
import { defineEndpoint } from '../endpoint';
import {
  fortyMeasurementSchema,
  fortyPreviewSchema,
  fortyProposalInputSchema,
  fortyProposalSchema,
  fortyProposalStartedSchema,
  fortyReceiptSchema,
  fortyResultSchema,
} from '../forty';

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
      'Times a 40 from the marked start, finish and lines: seconds, its ± bound (one frame at each end), the splits, the rate and the method, without storing anything. With `proposalId`, a 400 where the proposal is of another video or not finished, or where the start or the finish is marked outside the frames the proposal found for it (within one of a frame it told, or between the frames it named): the message names those frames (decision 332); the completion refuses the same marks.',
  }),
  propose: defineEndpoint({
    method: 'POST',
    path: '/api/measurements/forty/proposals',
    access: 'analyst',
    tags,
    body: fortyProposalInputSchema,
    response: fortyProposalStartedSchema,
    status: 202,
    // 429: the analyst already has 3 long jobs queued or running (issue 50).
    errors: [403, 404, 429],
    description:
      'Asks the tracker to propose the frames of a 40 (decision 212): the start line and the finish line clicked on frames where they are visible ({ frameIndex, x, y } in pixels of the displayed frame). Runs as a background job: read it with GET /api/measurements/forty/proposals/{id}. The proposal is never stored as a result: the analyst confirms or moves each frame.',
  }),
  proposal: defineEndpoint({
    method: 'GET',
    path: '/api/measurements/forty/proposals/:id',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    response: fortyProposalSchema,
    errors: [403, 404],
    description:
      'A proposal: queued, running (progress 0-1), failed (with the error) or done, with the proposed start frame (first movement), finish frame (the torso crosses the finish line), the 10-yard lines it could tell apart, the lines as found and notes on what the analyst must mark alone.',
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
