import type { ClipFacts } from './clip-facts';

/**
 * What a kind measured from a clip needs of it beyond what every clip needs (decision 247), registered by
 * the kind's module as its completion handler is (decision 279). A kind without one gets the checks every
 * clip kind shares: the clip can be read, and something moves in it.
 */
export type KindCheck = (facts: ClipFacts) => string[];

/** A length or a rate as a check's message writes it: one decimal. */
export const oneDecimal = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

/** A frame rate as a check's message writes it: '240', or '7.5' under ten. */
export const fpsWords = (fps: number) => (fps >= 10 ? String(Math.round(fps)) : oneDecimal(fps));

function shared(f: ClipFacts): string[] {
  if (f.unreadable) return [f.unreadable];
  if (f.moving === false)
    return [
      'Nothing moves in this clip. Keep the player in view from before the start of the run to after its end.',
    ];
  return [];
}

const checks = new Map<string, KindCheck>();

/** A kind's own check, run after the shared ones on a clip that could be read. Answers its removal. */
export function registerKindCheck(key: string, check: KindCheck): () => void {
  if (checks.has(key)) throw new Error(`Analysis kind '${key}' already has a clip check`);
  checks.set(key, check);
  return () => checks.delete(key);
}

/** The check of a kind measured from a clip: the shared checks, then the kind's own on a readable clip. */
export const kindCheck =
  (key: string): KindCheck =>
  (f) => {
    const problems = shared(f);
    const own = checks.get(key);
    return f.unreadable || !own ? problems : [...problems, ...own(f)];
  };
