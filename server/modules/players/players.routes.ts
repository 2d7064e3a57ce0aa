import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors';
import { PAGE_SIZES, pageQuery } from '../../../contract/pagination';
import { sendPage } from '../../lib/pagination';
import {
  createPlayerSchema,
  deletePlayerResultSchema,
  playerIdParams,
  playerSchema,
  updatePlayerSchema,
} from '../../../contract/players';
import { deletePlayer } from './player-delete.service';
import * as service from './players.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export default async function playersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['players'];
  const deps = { db: app.db, storage: app.storage };

  app.get(
    '/api/players',
    {
      schema: {
        tags,
        querystring: pageQuery(PAGE_SIZES.players.max, PAGE_SIZES.players.fallback),
        response: { 200: z.array(playerSchema), 400: errorBodySchema, 401: errorBodySchema },
        description:
          'Your players, newest first, 100 per page. When more exist the answer carries an `X-Next-Cursor` header; pass it back as `cursor`.',
      },
    },
    async (req, reply) => sendPage(reply, await service.listPlayers(deps, req.requireUser(), req.query)),
  );

  app.post(
    '/api/players',
    {
      config: app.perAddressLimit(30),
      schema: { tags, body: createPlayerSchema, response: { 201: playerSchema, ...errors } },
    },
    async (req, reply) => {
      const player = await service.createPlayer(deps, req.requireUser(), req.body);
      return reply.status(201).send(player);
    },
  );

  app.get(
    '/api/players/:id',
    {
      schema: { tags, params: playerIdParams, response: { 200: playerSchema, ...errors } },
    },
    async (req) => service.getPlayer(deps, req.requireUser(), req.params.id),
  );

  app.put(
    '/api/players/:id',
    {
      config: app.perAddressLimit(60),
      schema: {
        tags,
        params: playerIdParams,
        body: updatePlayerSchema,
        description:
          "The family or an admin. The family sends the birth date and contact details; an admin's edit leaves them out (ignored if sent) and the stored ones stay (decision 197).",
        response: { 200: playerSchema, ...errors },
      },
    },
    async (req) => service.updatePlayer(deps, req.requireUser(), req.params.id, req.body),
  );

  app.delete(
    '/api/players/:id',
    {
      config: app.perAddressLimit(30),
      schema: {
        tags,
        summary:
          "Deletes the family's own player with requests, videos, results and files; a waiting request's credit comes back",
        params: playerIdParams,
        response: { 200: deletePlayerResultSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (req) =>
      deletePlayer({ db: app.db, storage: app.storage, log: req.log }, req.requireUser().id, req.params.id),
  );
}
