import type { ClipReadiness } from '../../../../contract/readiness';
import type { DbOrTx } from '../../../db/client';

/**
 * Work a kind can do on a clip before anyone asks for its result (decision 344), registered by the kind's
 * module as its clip check is: queued once the clip is found ready for the kind, so an analyst's request
 * later reads it instead of waiting for it.
 */
export type ClipPreparation = (db: DbOrTx, videoId: number) => Promise<unknown>;

const preparations = new Map<string, ClipPreparation>();

/** A kind's preparation of a clip ready for it. Answers its removal. */
export function registerClipPreparation(key: string, prepare: ClipPreparation): () => void {
  if (preparations.has(key)) throw new Error(`Analysis kind '${key}' already has a clip preparation`);
  preparations.set(key, prepare);
  return () => preparations.delete(key);
}

/** Queues the preparations of the kinds a clip was found ready for (in the caller's transaction). */
export async function prepareClip(db: DbOrTx, videoId: number, readiness: ClipReadiness) {
  for (const [key, kind] of Object.entries(readiness.kinds)) {
    const prepare = preparations.get(key);
    if (kind.ready && prepare) await prepare(db, videoId);
  }
}
