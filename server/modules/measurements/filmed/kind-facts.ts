/**
 * A kind's own facts beside its value (decision 269): the 40's splits. A kind's module registers how its
 * receipt's `data` gives them when it loads, so the reads that serve every kind (the card's kind-results,
 * the public page) carry them without naming the kind.
 */
export interface KindFacts {
  /** The facts as data, for the card (`detail` of a kind-results item). */
  detail: (data: unknown) => Record<string, unknown>;
  /** The facts in words, for the public page and the coach's view ('' when there are none). */
  words: (data: unknown) => string;
}

const facts = new Map<string, KindFacts>();

export function registerKindFacts(kind: string, of: KindFacts) {
  facts.set(kind, of);
}

export const kindFactsOf = (kind: string) => facts.get(kind);
