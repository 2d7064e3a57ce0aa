import type { FastifyInstance } from 'fastify';
import type { Population, PositionSubmetric } from '../../../contract/analysis';
import type { ReceiptPercentile } from '../../../contract/measurements';
import type { UserRow } from '../../db/schema';
import type { measuredValue } from '../measurements';
import type { CompletionValues, KindEvidence, RequestRow } from './complete.service';

/** What a Max Speed's measurement gives (measurements/measure.service.ts): the request, video and leaderboard values and the receipt. */
export type Measured = Awaited<ReturnType<typeof measuredValue>>;

export interface CompletionContext {
  app: FastifyInstance;
  request: RequestRow;
  analyst: UserRow;
  /** The complete call's multipart text fields. */
  fields: Record<string, string>;
  /** The position's IGA components (empty unless the kind reads them). */
  submetrics: PositionSubmetric[];
  population: Population;
}

/**
 * How one analysis kind is completed on the server (decision 203): the part of a kind that is its own
 * code, registered by the kind's module (decision 279). The registry entry (contract/analysis-kinds.ts)
 * holds its facts; this, its measurement.
 */
export interface KindHandler {
  /** The position's components are part of the result (the IGA score's submetrics). */
  usesPositionSubmetrics: boolean;
  /** Reads the fields (and measures, for a measured kind) into the values to store. */
  complete(ctx: CompletionContext): Promise<{
    values: CompletionValues;
    measured: Measured | null;
    evidence?: KindEvidence;
    /** The headline's percentile as the receipt keeps it (a measured kind with a receipt). */
    percentile?: ReceiptPercentile;
  }>;
}

const handlers = new Map<string, KindHandler>();

export function kindHandler(key: string): KindHandler {
  const handler = handlers.get(key);
  if (!handler) throw new Error(`No completion handler for analysis kind '${key}'`);
  return handler;
}

/**
 * A kind's completion, registered by its module when it loads (a test-only kind's for the life of the
 * test); answers the function that removes it again.
 */
export function registerKindHandler(key: string, handler: KindHandler): () => void {
  if (handlers.has(key)) throw new Error(`Analysis kind '${key}' already has a handler`);
  handlers.set(key, handler);
  return () => handlers.delete(key);
}
