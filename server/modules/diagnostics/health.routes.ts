import type { FastifyInstance } from 'fastify';
import { diagnosticsApi } from '../../../contract/api/diagnostics';
import { route } from '../../plugins/endpoints';
import { health, sessionDebug } from './diagnostics.service';

/**
 * Health for load balancers and the auth-debug page, and the session diagnostics; open to everyone, no
 * secrets, and in production the settings only for admins (decision 196).
 */
export default async function healthRoutes(app: FastifyInstance) {
  route(app, diagnosticsApi.health, async (req, reply) => {
    const h = await health(app, req);
    // 503 without the database, or while the instance cannot hear the others' writes (decision 239).
    reply.status(h.status === 'ok' ? 200 : 503);
    return h;
  });

  route(app, diagnosticsApi.sessionDebug, { config: app.perAddressLimit(30) }, async (req) =>
    sessionDebug(app, req),
  );
}
