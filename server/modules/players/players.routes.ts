import { keptReads, rowKey } from '../../db/write-clock';
import type { FastifyInstance } from 'fastify';
import { playersApi } from '../../../contract/api/players';
import { sendKept } from '../../plugins/answer-cache';
import { route } from '../../plugins/endpoints';
import { deletePlayer } from './player-delete.service';
import * as service from './players.service';

/**
 * What the kept read reads (decisions 225, 226): the signed-in user's rows of `players`. A write to another
 * table, or to another family's players, leaves its answers kept.
 */
const LIST_READS = keptReads([], { rowsOf: ['players'] });

export default async function playersRoutes(app: FastifyInstance) {
  const deps = { db: app.db, storage: app.storage };

  // Kept until a write (decision 216): per user and query.
  route(app, playersApi.list, async (req, reply) =>
    sendKept(
      reply,
      app.answers,
      LIST_READS,
      async () => {
        const page = await service.listPlayers(deps, req.user, req.query);
        return { body: page.items, next: page.next };
      },
      [rowKey('players', 'user_id', req.user.id)],
    ),
  );

  route(app, playersApi.create, { config: app.perAddressLimit(30) }, async (req) =>
    service.createPlayer(deps, req.user, req.body),
  );

  route(app, playersApi.get, async (req) => service.getPlayer(deps, req.user, req.params.id));

  route(app, playersApi.update, { config: app.perAddressLimit(60) }, async (req) =>
    service.updatePlayer(deps, req.user, req.params.id, req.body),
  );

  route(app, playersApi.delete, { config: app.perAddressLimit(30) }, async (req) =>
    deletePlayer({ db: app.db, storage: app.storage, log: req.log }, req.user.id, req.params.id),
  );
}
