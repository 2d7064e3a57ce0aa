import type { ComponentType } from 'react';
import type { FilmedBenchProps } from './components/filmed/filmed-bench';

/**
 * What a kind shows on the web beyond its registry entry (decision 271): the surfaces loop over the
 * registered kinds and name none. Each view is loaded when it is first shown (`React.lazy`).
 */
export interface KindViews {
  /** The player's results of the kind under its toggle of the stats panel. */
  Results?: ComponentType<{ playerId: number }>;
  /** The receipt screen at the entry's `receiptPage`, and the screen's name in its breadcrumb. */
  receipt?: { View: ComponentType<{ requestId: number }>; title: string };
  /** The analyst's bench in the Process dialog, for a kind measured from a clip's frames (decision 263). */
  Bench?: ComponentType<FilmedBenchProps>;
}

const registered = new Map<string, KindViews>();

/** Registers a kind's views; answers the function that removes them again (a test's kind). */
export function registerKindViews(kind: string, views: KindViews): () => void {
  if (registered.has(kind)) throw new Error(`The views of '${kind}' are already registered`);
  registered.set(kind, views);
  return () => registered.delete(kind);
}

/** A kind's views, or undefined when the kind registered none. */
export const kindViews = (kind: string): KindViews | undefined => registered.get(kind);
