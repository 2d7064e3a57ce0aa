import { apis } from './api';
import { analysisKinds } from './analysis-kinds';
import type { Endpoint } from './endpoint';

/**
 * A player's results of each kind that has its own results endpoint (`resultsApi` in the kind's entry):
 * the player card's first reads and its prefetch iterate over these, naming no kind (decision 263).
 */
export function kindResultsEndpoints(): { key: string; endpoint: Endpoint }[] {
  const byName = apis as unknown as Record<string, Record<string, Endpoint | undefined> | undefined>;
  return analysisKinds().flatMap((k) => {
    const endpoint = k.resultsApi ? byName[k.resultsApi]?.results : undefined;
    return endpoint ? [{ key: k.key, endpoint }] : [];
  });
}
