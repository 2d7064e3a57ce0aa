import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';

/** A kind's receipt as a public page shows it: the headline, the summary, the stills and the words. */
export interface KindReceiptView {
  label: string;
  headline: string;
  text: string;
  summary: string;
  season: number;
  stillsTitle: string;
  stills: { label: string; frameIndex: number; time: number; url: string }[];
  sections: { title: string; text: string }[];
  technical: string[];
}

/** A shared player's completed result of the kind as its public receipt; null when it is not one. */
export type KindReceiptViewOf = (
  db: Db,
  storage: Storage,
  playerId: number,
  requestId: number,
) => Promise<KindReceiptView | null>;

const views = new Map<string, KindReceiptViewOf>();

/**
 * A kind's module offers its public receipt view here when it loads (its index), so the page that serves
 * receipts names no kind and imports no kind's module; a kind without one gets the plain view.
 */
export function registerKindReceiptView(kind: string, view: KindReceiptViewOf) {
  views.set(kind, view);
}

export const kindReceiptView = (kind: string) => views.get(kind);
