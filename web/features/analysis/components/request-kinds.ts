import { igaRequest } from './iga/iga-request';
import { maxSpeedRequest } from './max-speed/max-speed-request';
import type { RequestKind } from './request-kind';

/**
 * The kinds requested in the common dialog from a Hudl link, their texts written by each kind's folder;
 * this list is where they are registered (the kinds measured from a clip's frames use the filmed dialog).
 */
const REQUEST_KINDS: RequestKind[] = [maxSpeedRequest, igaRequest];

/** A kind's texts for the common request dialog, or undefined when it has none. */
export const findRequestKind = (key: string | undefined) => REQUEST_KINDS.find((k) => k.key === key);

export function requestKind(key: string): RequestKind {
  const kind = findRequestKind(key);
  if (!kind) throw new Error(`Analysis kind '${key}' has no request dialog`);
  return kind;
}
