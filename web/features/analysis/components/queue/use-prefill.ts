import { useRef } from 'react';
import { percentileFromQuantiles, type Population } from '@contract/analysis';

/**
 * Pre-fills a percentile from the verified population as the analyst types a value, until the
 * analyst edits that percentile by hand.
 */
export function usePrefill(
  pop: Population | undefined,
  setPercentile: (field: string, value: string) => void,
) {
  const touched = useRef(new Set<string>());
  const metric = (key: string) => pop?.metrics.find((m) => m.key === key);
  return {
    hint(key: string) {
      const m = metric(key);
      return m?.quantiles
        ? `Pre-filled from ${m.count} verified results at this position and level`
        : undefined;
    },
    /** One line for the whole form when some percentile cannot be pre-filled. */
    summary() {
      if (!pop) return undefined;
      const missing = pop.metrics.filter((m) => !m.quantiles && m.key !== 'IGA');
      if (missing.length === 0) return undefined;
      return `Fewer than ${pop.minimum} verified results at this position and level${missing.length < pop.metrics.length ? ' for some metrics' : ''}: enter those percentiles by hand.`;
    },
    onValue(key: string, percentileField: string, raw: string) {
      const m = metric(key);
      const value = Number(raw);
      if (!m?.quantiles || raw.trim() === '' || Number.isNaN(value) || touched.current.has(percentileField))
        return;
      setPercentile(percentileField, String(percentileFromQuantiles(value, m.quantiles, m.lowerIsBetter)));
    },
    onPercentileTyped(field: string) {
      touched.current.add(field);
    },
  };
}
