import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';

const INSTANCE_HEADER = 'x-instance-id';

declare module 'fastify' {
  interface FastifyInstance {
    /** Random per process start; names the replica that answered (decision 161). */
    instanceId: string;
  }
}

/**
 * Behind a load balancer every answer says which replica wrote it, so a report ("this request failed")
 * and the topology test can tell the instances apart. Random, not the hostname: nothing about the
 * machine leaks; the id is logged at start to match it with the logs.
 */
export default fp(async (app) => {
  const id = randomBytes(6).toString('hex');
  app.decorate('instanceId', id);
  // Hooks that do not wait are written with `done`: no promise per request (decision 218).
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header(INSTANCE_HEADER, id);
    done();
  });
  app.addHook('onReady', async () => app.log.info({ instanceId: id }, 'instance id'));
});
