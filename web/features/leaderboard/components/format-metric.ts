import { LEADERBOARD_METRICS, type LeaderboardMetric } from '@contract/leaderboard';
import { formatForty } from '@contract/forty-math';
import { formatSpeed } from '@contract/measurement-math';

export const METRIC_LABELS: Record<LeaderboardMetric, string> = {
  max_speed: 'Max Speed',
  iga_score: 'IGA Score',
  forty: '40-yard dash',
};

/** 'Verified Max Speed, IGA Score and 40-yard dash results, ranked': every metric the board ranks. */
export function leaderboardSubtitle() {
  const labels = LEADERBOARD_METRICS.map((m) => METRIC_LABELS[m]);
  const listed = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  return `Verified ${listed} results, ranked`;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Max Speed: one decimal and mph, with its ± bound when measured; the 40: seconds to 0.01 with its ±
 * (the method shows beneath); IGA: one decimal; 'N/A' when the value is not a number.
 */
export function formatMetric(metric: LeaderboardMetric, value: unknown, plusMinus?: number | null) {
  if (!isNumber(value)) return 'N/A';
  if (metric === 'forty') return formatForty(value, plusMinus);
  return metric === 'max_speed' ? formatSpeed(value, plusMinus) : value.toFixed(1);
}
