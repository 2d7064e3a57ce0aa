import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CliCommand } from '../../lib/cli-command';
import type { Recheck } from '../../../contract/admin';
import { jobs } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { enqueueJob, type JobHandlers } from '../../lib/jobs';
import { notifyOwner } from '../analysis';
import { runKindRechecks, type RecheckOutcome } from '../measurements';

/**
 * The re-check of stored results (issue 49, decision 241; tracked Max Speed, issue 48) as a job an admin starts, and as the release
 * step `measurements:recheck`: each kind's stored results checked again under its current rules (each kind's
 * module registers its re-check, decision 269).
 */
export const RECHECK_JOB = 'recheck-measurements';

export async function runRecheck(app: FastifyInstance): Promise<RecheckOutcome> {
  const tell = (playerId: number, build: Parameters<typeof notifyOwner>[2]) =>
    notifyOwner(app, playerId, build);
  return runKindRechecks(app, tell);
}

export function recheckJobHandlers(app: FastifyInstance): JobHandlers {
  return {
    [RECHECK_JOB]: async (payload: Record<string, unknown>, job) => {
      const outcome = await runRecheck(app);
      await app.db
        .update(jobs)
        .set({ payload: { ...payload, outcome } })
        .where(eq(jobs.id, job.id));
    },
  };
}

export async function startRecheck(app: FastifyInstance, adminId: number) {
  const id = await enqueueJob(app.db, RECHECK_JOB, { userId: adminId });
  app.jobs.kick();
  return { id, status: 'queued' as const };
}

export async function readRecheck(app: FastifyInstance, id: number): Promise<Recheck> {
  const [job] = await app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.type, RECHECK_JOB)));
  if (!job) throw notFound('Re-check not found');
  const outcome = (job.payload as { outcome?: RecheckOutcome }).outcome;
  return {
    id: job.id,
    status: job.status,
    error: job.status === 'failed' ? (job.lastError ?? 'The re-check failed') : null,
    checked: outcome?.checked ?? null,
    held: outcome?.held ?? [],
  };
}

/** The release step: queues the re-check; the servers' job workers run it (as when an admin starts it). */
export const recheckCommand: CliCommand = {
  name: 'measurements:recheck',
  usage:
    'measurements:recheck             check every stored verified result again under the current rules (a job)',
  async run(db) {
    const id = await enqueueJob(db, RECHECK_JOB, {});
    console.log(
      `Re-check queued as job ${id}: the servers run it; an admin reads it at /api/admin/measurements/recheck/${id}.`,
    );
  },
};
