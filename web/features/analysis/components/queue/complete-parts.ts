import { igaComplete } from '../iga/iga-complete';
import { maxSpeedComplete } from '../max-speed/max-speed-complete';
import type { CompletePart } from './complete-shell';

/**
 * The completion forms written by the kinds' folders; this list is where they are registered. A kind
 * measured from a clip's frames uses the filmed completion instead (decision 263).
 */
const PARTS: CompletePart[] = [maxSpeedComplete, igaComplete];

export const completeFormOf = (key: string) => PARTS.find((p) => p.key === key)?.Form;
