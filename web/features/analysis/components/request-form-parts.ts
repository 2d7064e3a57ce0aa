import { igaFormPart } from './iga/iga-form-part';
import { maxSpeedFormPart } from './max-speed/max-speed-form-part';
import type { RequestFormPart } from './request-kind';

/**
 * The kinds' form parts, each written by its folder; read by the form only (request-form.tsx), which loads
 * when the dialog is about to open (decision 234). The texts are in request-kinds.ts.
 */
const PARTS: RequestFormPart[] = [maxSpeedFormPart, igaFormPart];

export function requestFormPart(key: string): RequestFormPart {
  const part = PARTS.find((p) => p.key === key);
  if (!part) throw new Error(`Analysis kind '${key}' has no request form`);
  return part;
}
