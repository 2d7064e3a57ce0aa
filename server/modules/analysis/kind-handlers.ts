import type { FastifyInstance } from 'fastify';
import type { Population, PositionSubmetric } from '../../../contract/analysis';
import { MEASUREMENT_REQUIRED, type ReceiptPercentile } from '../../../contract/measurements';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { completeForty } from '../forty';
import { completeVerticalJump } from '../vertical-jump';
import { measuredValue, parseMeasurementField } from '../measurements';
import { completionValues } from './complete.fields';
import { percentileFor, percentileNote } from './percentile.service';
import type { CompletionValues, KindEvidence, RequestRow } from './complete.service';

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
 * code. The registry entry (contract/analysis-kinds.ts) holds its facts; this, its measurement.
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

/** Max Speed is measured on the video, never typed: the marks give the value (or an override with its reason). */
const maxSpeed: KindHandler = {
  usesPositionSubmetrics: false,
  async complete({ app, request, fields, submetrics, population }) {
    if (!fields.measurement) throw badRequest(MEASUREMENT_REQUIRED, { measurement: MEASUREMENT_REQUIRED });
    const measured = await measuredValue(
      app.db,
      app.storage,
      parseMeasurementField(fields.measurement),
      request.playerId,
      fields.maxSpeed,
    );
    const read = { ...fields, maxSpeed: measured.maxSpeed.toFixed(1) };
    const values = completionValues(request, read, submetrics, population);
    const computed = await percentileFor(app.db, request, measured.maxSpeed);
    const percentile = percentileNote(computed, values.metrics[0].percentile, fields.percentileReason);
    return { measured, values, percentile };
  },
};

/** The IGA score and its components are the analyst's assessment, typed in the form. */
const igaScore: KindHandler = {
  usesPositionSubmetrics: true,
  async complete({ app, request, fields, submetrics, population }) {
    const values = completionValues(request, fields, submetrics, population);
    // The score has no percentile field: it is stored as the population percentile families see.
    const computed = values.igaScore === null ? null : await percentileFor(app.db, request, values.igaScore);
    if (computed) values.metrics[0].percentile = computed.percentile;
    return { measured: null, values };
  },
};

/** The verified 40 is timed on the clip from the marked start, finish and lines (decision 209). */
const forty: KindHandler = {
  usesPositionSubmetrics: false,
  async complete(ctx) {
    return { measured: null, ...(await completeForty(ctx)) };
  },
};

/** The verified vertical jump is worked out from its take-off and landing frames (decision 243). */
const verticalJump: KindHandler = {
  usesPositionSubmetrics: false,
  async complete(ctx) {
    return { measured: null, ...(await completeVerticalJump(ctx)) };
  },
};

const handlers = new Map<string, KindHandler>([
  ['max_speed', maxSpeed],
  ['iga', igaScore],
  ['forty', forty],
  ['vertical_jump', verticalJump],
]);

export function kindHandler(key: string): KindHandler {
  const handler = handlers.get(key);
  if (!handler) throw new Error(`No completion handler for analysis kind '${key}'`);
  return handler;
}

/** A test-only kind's handler, for the life of the test; answers the function that removes it. */
export function registerKindHandler(key: string, handler: KindHandler): () => void {
  if (handlers.has(key)) throw new Error(`Analysis kind '${key}' already has a handler`);
  handlers.set(key, handler);
  return () => handlers.delete(key);
}
