import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { playersApi } from '../../../contract/api/players';
import { positions } from '../../db/schema';
import { route } from '../../plugins/endpoints';

export default async function positionsRoutes(app: FastifyInstance) {
  route(app, playersApi.positions, async () =>
    app.db.select().from(positions).where(eq(positions.isActive, true)).orderBy(asc(positions.id)),
  );
}
