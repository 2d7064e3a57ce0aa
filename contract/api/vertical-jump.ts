import { z } from 'zod';
import { idParamsSchema } from '../analysis';
import { defineEndpoint } from '../endpoint';
import {
  verticalMeasurementSchema,
  verticalPreviewSchema,
  verticalProposalInputSchema,
  verticalProposalSchema,
  verticalReceiptSchema,
  verticalResultSchema,
} from '../vertical-jump';

const tags = ['vertical-jump'];

/** The verified vertical jump (server/modules/vertical-jump, decision 243). */
export const verticalJumpApi = {
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/measurements/vertical/preview',
    access: 'analyst',
    tags,
    body: verticalMeasurementSchema,
    response: verticalPreviewSchema,
    errors: [403, 404],
    description:
      'Works out a vertical jump from the marked take-off frame (the first with both feet off the ground) and landing frame (the first with a foot on the ground): the height h = 9.80665·t²/8 in inches to 0.1 with its ± (one frame at each end), the flight time, the rate and the method, and the quality problems that refuse it (under 100 fps, or a ± wider than 0.8 in), without storing anything.',
  }),
  propose: defineEndpoint({
    method: 'POST',
    path: '/api/measurements/vertical/proposals',
    access: 'analyst',
    tags,
    body: verticalProposalInputSchema,
    response: verticalProposalSchema,
    errors: [403, 404],
    description:
      'Proposes the take-off and landing frames from a click where the feet meet the ground on a frame where the jumper stands ({ frameIndex, x, y } in pixels of the displayed frame). Answers at once (a jump clip is seconds long); nothing is stored: the analyst confirms or moves each frame.',
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/api/analysis-requests/:id/vertical-receipt',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: verticalReceiptSchema,
    errors: [404],
    description:
      'The evidence of a verified vertical jump: the file, the two marks, the arithmetic, the method (flight time), what it does not cover and the stills of the take-off and landing frames (the owner family, analysts and admins).',
  }),
  results: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id/vertical-jump',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: z.array(verticalResultSchema),
    errors: [404],
    description: "A player's verified vertical jumps, best (highest) first, with bound and method.",
  }),
};
