import { z } from 'zod';
import { binary, defineEndpoint } from '../endpoint';
import { PAGE_SIZES } from '../pagination';
import { pageQuery } from '../pagination-query';
import { playerBestsSchema } from '../player-bests';
import {
  deletePlayerResultSchema,
  playerIdParams,
  playerSchema,
  positionSchema,
  uploadResponseSchema,
} from '../players';
import { createPlayerSchema, updatePlayerSchema } from '../players-forms';
import { schoolListSchema, schoolSearchSchema } from '../schools';

const tags = ['players'];

/** Players, positions, the school directory search and photo uploads (server/modules/players). */
export const playersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/players',
    access: 'user',
    tags,
    query: pageQuery(PAGE_SIZES.players.max, PAGE_SIZES.players.fallback),
    response: z.array(playerSchema),
    description:
      'Your players, newest first, 100 per page. When more exist the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/players',
    access: 'user',
    tags,
    body: createPlayerSchema,
    response: playerSchema,
    status: 201,
    errors: [403, 404],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/players/:id',
    access: 'user',
    tags,
    params: playerIdParams,
    response: playerSchema,
    errors: [403, 404],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/players/:id',
    access: 'user',
    tags,
    params: playerIdParams,
    body: updatePlayerSchema,
    response: playerSchema,
    errors: [403, 404],
    description:
      "The family or an admin. The family sends the birth date and contact details; an admin's edit leaves them out (ignored if sent) and the stored ones stay (decision 197).",
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/players/:id',
    access: 'user',
    tags,
    params: playerIdParams,
    response: deletePlayerResultSchema,
    errors: [404],
    summary:
      "Deletes the family's own player with requests, videos, results and files; a waiting request's credit comes back",
  }),
  bests: defineEndpoint({
    method: 'GET',
    path: '/api/players/bests',
    access: 'user',
    tags,
    response: playerBestsSchema,
    summary: "The signed-in family's players' best verified Max Speed and IGA score (dashboard cards)",
  }),
  positions: defineEndpoint({
    method: 'GET',
    path: '/api/positions',
    access: 'user',
    tags,
    response: z.array(positionSchema),
  }),
  searchSchools: defineEndpoint({
    method: 'POST',
    path: '/api/schools/search',
    // Signed out too: a coach applying picks the college from the directory (issue 29, decision 211).
    access: 'public',
    tags: ['schools'],
    body: schoolSearchSchema,
    response: schoolListSchema,
  }),
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/upload',
    access: 'user',
    tags,
    form: z.object({ file: binary('The photo: one image file (JPG, PNG, etc.)').optional() }),
    response: uploadResponseSchema,
    errors: [413, 415],
  }),
};
