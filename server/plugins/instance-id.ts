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
  app.answerHeaders({ [INSTANCE_HEADER]: id });
  app.addHook('onReady', async () => app.log.info({ instanceId: id }, 'instance id'));
});
