import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import measurementsRoutes from './measurements.routes';
import trackingRoutes from './tracking/tracking.routes';

export { ALREADY_PROCESSED, pendingRequest } from './pending-request';

/** Measured Max Speed: video media, the preview computation, source clips and evidence receipts. */
export default async function measurementsModule(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: app.env.VIDEO_MAX_BYTES } });
  await app.register(measurementsRoutes);
  await app.register(trackingRoutes);
}
export { correctMeasurement, recomputePlayerSpeed } from './correction.service';
export { measuredValue, parseMeasurementField } from './measure.service';
export {
  analystNameOf,
  hasReceipt,
  insertReceipt,
  insertReceiptRevision,
  latestReceipt,
  receiptById,
  receiptsOfRequests,
  storeReceiptStills,
  storeStills,
  trackStillsOf,
  type ReceiptData,
} from './receipt.service';
export { storedMeasurement } from './stored-measurement';
/** The kinds measured from a clip's frames (decision 263): one measurement, completion and receipt store. */
export { assertVerifiable, filmedMeasure } from './filmed/filmed-measure';
export { completeFilmed, type FilmedCompletionInput } from './filmed/filmed-complete';
export {
  completedKindReceipt,
  completedKindResults,
  filmedReceiptData,
  filmedReceiptHead,
  insertKindReceipt,
  listedKindReceipts,
  storeFilmedStills,
  type FilmedReceiptData,
  type FilmedTimed,
  type StillFrame,
} from './filmed/filmed-receipt';
export { kindFactsOf, registerKindFacts, type KindFacts } from './filmed/kind-facts';
export { releaseHeld } from './held.service';
/** Tracked Max Speeds under the current tracker (issue 48), registered by Max Speed's module. */
export { recheckTrackedSpeeds } from './tracking/tracked-recheck.service';
export { enqueueTrackLines, trackLinesMissing } from './tracking/track.service';
export {
  registerRecheck,
  runKindRechecks,
  type FamilyOf,
  type RecheckOutcome,
  type TellFamily,
} from './rechecks';
/** The tracker's pieces the verified 40's proposals reuse (decision 212). */
export { decodeGray } from './tracking/decode-gray';
export { videoMedia, withUprightClip } from './tracking/job-clip';
export { detectLines, lineX, type Line } from './tracking/yard-lines';
