import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { enqueueJob, type JobHandlers } from '../../lib/jobs';
import { purgeExpired, RETENTION_JOB, retentionPolicy } from './retention.service';

/**
 * The purge as a queued job: one pass of small batches per table; a backlog queues the next pass
 * behind whatever else is waiting, so video and mail jobs are never held up for long.
 */
export const retentionJobHandlers = (
  db: Db,
  env: Env,
  clock: () => Date = () => new Date(),
  maxBatches = 10,
): JobHandlers => ({
  [RETENTION_JOB]: async () => {
    const { more } = await purgeExpired(db, retentionPolicy(env), clock(), maxBatches);
    if (more) await enqueueJob(db, RETENTION_JOB, {});
  },
});
