import { analysisKinds, formatKindResult, kindOfMetric } from '@contract/analysis-kinds';
import { LEADERBOARD_METRICS, type LeaderboardMetric } from '@contract/leaderboard';
import { formatSpeed } from '@contract/measurement-math';

/** Each metric's name, from its kind's registry entry (issue 51): 'Max Speed', 'IGA Score', ... */
export const METRIC_LABELS: Record<LeaderboardMetric, string> = Object.fromEntries(
  analysisKinds().map((k) => [k.leaderboardMetric, k.metricLabel ?? k.label]),
);

/** Each metric as the board's filter offers it: 'Max Speed', 'IGA', ... (the entry's `metricChoice`). */
export const METRIC_CHOICES: Record<LeaderboardMetric, string> = Object.fromEntries(
  analysisKinds().map((k) => [k.leaderboardMetric, k.metricChoice ?? k.metricLabel ?? k.label]),
);

/** 'Verified Max Speed, IGA Score, ... results, ranked': every metric the board ranks, in the kinds' order. */
export function leaderboardSubtitle() {
  const labels = LEADERBOARD_METRICS.map((m) => METRIC_LABELS[m]);
  const listed = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  return `Verified ${listed} results, ranked`;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A value in its kind's unit and decimals with its ± when measured (an IGA score to 0.1; the method
 * shows beneath); Max Speed as every screen writes it (formatSpeed); 'N/A'
 * when the value is not a number.
 */
export function formatMetric(metric: LeaderboardMetric, value: unknown, plusMinus?: number | null) {
  if (!isNumber(value)) return 'N/A';
  const kind = kindOfMetric(metric);
  if (!kind) return value.toFixed(1);
  return kind.resultField === 'maxSpeed'
    ? formatSpeed(value, plusMinus)
    : formatKindResult(kind, value, plusMinus);
}
