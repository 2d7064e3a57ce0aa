import { z } from 'zod';
import { idParamsSchema } from '../analysis';
import { binary, defineEndpoint } from '../endpoint';
import {
  kindBestSchema,
  measurementFieldSchema,
  measurementResultSchema,
  previewSchema,
  receiptSchema,
  videoMediaSchema,
} from '../measurements';
import { refitTrackSchema, startTrackSchema, trackSchema, trackStartedSchema } from '../tracking';
import { videoSchema } from '../videos';

const tags = ['measurements'];
const errors = [403, 404, 409];

/** Measured Max Speed: video media, the preview, source clips and receipts (server/modules/measurements). */
export const measurementsApi = {
  media: defineEndpoint({
    method: 'GET',
    path: '/api/videos/:id/media',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: videoMediaSchema,
    errors,
    description:
      'What ffprobe read from the video (SHA-256, exact frame rates, every frame time) and a signed URL of the file the browser decodes.',
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/measurements/preview',
    access: 'analyst',
    tags,
    body: previewSchema,
    response: measurementResultSchema,
    errors,
    description:
      'Computes intervals, the fastest 10-yard window, mph and its ± bound from yard-line crossing marks, without storing anything.',
  }),
  sourceVideo: defineEndpoint({
    method: 'POST',
    path: '/api/analysis-requests/:id/source-video',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    form: z.object({ file: binary('The source clip (MP4, MOV or WebM)').optional() }),
    response: z.object({ video: videoSchema, media: videoMediaSchema }),
    status: 201,
    errors: [...errors, 413, 415],
    description:
      "The analyst uploads the source clip of a pending max-speed request (one file part named 'file'); it joins the player's library and becomes the request's source video.",
  }),
  correct: defineEndpoint({
    method: 'POST',
    path: '/api/analysis-requests/:id/measurement',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    body: measurementFieldSchema,
    response: receiptSchema,
    errors,
    description:
      'Corrects the measured Max Speed of a completed request: a new receipt revision (earlier ones stay readable).',
  }),
  kindBests: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id/kind-results',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: z.array(kindBestSchema),
    errors: [404],
    description:
      "A player's best completed result of each kind kept in kind_receipts (every kind measured from a clip's frames), in the kinds' order, with its bound, method and request (the owner family, analysts and admins).",
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/api/analysis-requests/:id/receipt',
    access: 'user',
    tags,
    params: idParamsSchema,
    query: z.object({ revision: z.coerce.number().int().positive().max(1_000_000).optional() }),
    response: receiptSchema,
    errors,
    description:
      'The evidence receipt of a measured Max Speed (latest revision unless ?revision=N): the owner family, analysts and admins.',
  }),
  startTrack: defineEndpoint({
    method: 'POST',
    path: '/api/measurements/tracks',
    access: 'analyst',
    tags,
    body: startTrackSchema,
    response: trackStartedSchema,
    status: 202,
    // 429: the analyst already has 3 long jobs queued or running (issue 50).
    errors: [...errors, 429],
    description:
      'Starts tracking the player clicked on a frame of a video ({ frameIndex, x, y } in pixels of the displayed frame; a second click on a later frame disambiguates). Runs as a background job: read it with GET /api/measurements/tracks/{id} (decision 210).',
  }),
  track: defineEndpoint({
    method: 'GET',
    path: '/api/measurements/tracks/:id',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    response: trackSchema,
    errors,
    description:
      "A track: queued, running (with progress 0-1), needs-click (the tracker stopped where it could not tell the player from another, or where the fastest 10 yards rest on a click made where the player ran much slower, decision 302: needsClickAt { frameIndex, reason }), failed (error in words; nothing can be completed from it) or done, with the per-frame track (state 'unsure' on frames left out for doubt, listed in result.unsure), yard-line crossings, velocity profile and the Max Speed with its bound (issue 48, decision 258).",
  }),
  refitTrack: defineEndpoint({
    method: 'PATCH',
    path: '/api/measurements/tracks/:id',
    access: 'analyst',
    tags,
    params: idParamsSchema,
    body: refitTrackSchema,
    response: trackSchema,
    errors,
    description:
      "Corrects the ground point on frames and drops frames, then fits the run again (a finished track only). Each call replaces the previous corrections. On a track that needs a click: a correction on needsClickAt.frameIndex answers it (on the tracked point it confirms the player and the track is fitted again; elsewhere it is a new click and the track runs again: queued), and that frame in dropped answers 'the player is not in view here' (the track ends there); anything else is a 400.",
  }),
};
