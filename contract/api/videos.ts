import { idParamsSchema } from '../analysis';
import { binary, defineEndpoint } from '../endpoint';
import { PAGE_SIZES } from '../pagination';
import { readinessAnswerSchema } from '../readiness';
import { pageQuery } from '../pagination-query';
import {
  playerIdParamsSchema,
  refreshUrlResponseSchema,
  refreshUrlSchema,
  renameVideoSchema,
  uploadFieldsSchema,
  videoListSchema,
  videoSchema,
} from '../videos';

const tags = ['videos'];
const errors = [403, 404];

/** The video library: listing, streamed uploads, signed URLs and downloads (server/modules/videos). */
export const videosApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/videos/:playerId',
    access: 'user',
    tags,
    params: playerIdParamsSchema,
    query: pageQuery(PAGE_SIZES.videos.max, PAGE_SIZES.videos.fallback),
    response: videoListSchema,
    errors,
    description:
      "The player's videos, newest first, 100 per page; stats cover every video. When more exist the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.",
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/videos/upload',
    access: 'user',
    tags,
    form: uploadFieldsSchema.extend({ file: binary('The video (MP4, MOV or WebM)').optional() }),
    response: videoSchema,
    status: 201,
    errors: [403, 404, 408, 413, 415],
    description:
      "Streams one video (fields playerId, positionId, name, file) into the player's library. The clip is named by `name` when given (at most 120 characters), otherwise by the file's name without its extension, trimmed and cut at 120 characters (decision 259). 413 `STORAGE_QUOTA_EXCEEDED` when it does not fit in the family's video storage (decision 131); 408 `REQUEST_TIMEOUT` when the body stops arriving for UPLOAD_IDLE_SECONDS.",
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/api/videos/:id',
    access: 'user',
    tags,
    params: idParamsSchema,
    body: renameVideoSchema,
    response: videoSchema,
    errors,
    summary: 'Names a clip',
    description:
      "Sets the clip's name: 1 to 120 characters after trimming, otherwise 400 (decision 259). The player's family or an admin; 403 for an analyst, who may watch the clip but not change the library; 404 for another family's clip, as for a missing one.",
  }),
  refreshUrl: defineEndpoint({
    method: 'POST',
    path: '/api/videos/refresh-url',
    access: 'user',
    tags,
    body: refreshUrlSchema,
    response: refreshUrlResponseSchema,
    errors,
  }),
  readiness: defineEndpoint({
    method: 'GET',
    path: '/api/videos/:id/readiness',
    access: 'user',
    tags,
    params: idParamsSchema,
    response: readinessAnswerSchema,
    errors,
    summary: 'Whether a clip can give a verified result, per kind measured from a clip',
    description:
      "Checked when the clip is uploaded (decision 247). **202** `{ checking: true }` while the clip is processed or checked (ask again in a few seconds); then **200** `{ kinds: { <requestType>: { ready, problems } } }` for every kind measured from a clip (its `requestType`; not the analyst-scored kinds), `problems` in plain words with the filming guide. The video's family, analysts and admins; 404 for anyone else's video.",
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/video-download/:id',
    access: 'user',
    tags,
    params: idParamsSchema,
    produces: 'video/mp4',
    response: binary('The video file, as an attachment'),
    errors,
  }),
};
