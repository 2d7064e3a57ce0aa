import type { LeaderboardMetric } from '@contract/leaderboard';

export const METRIC_LABELS: Record<LeaderboardMetric, string> = { max_speed: 'Max Speed', iga_score: 'IGA Score' };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Max Speed: one decimal and mph; IGA: one decimal; 'N/A' when the value is not a number. */
export function formatMetric(metric: LeaderboardMetric, value: unknown) {
  if (!isNumber(value)) return 'N/A';
  return metric === 'max_speed' ? `${value.toFixed(1)} mph` : value.toFixed(1);
}
