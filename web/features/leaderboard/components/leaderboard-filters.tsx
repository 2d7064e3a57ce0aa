import { LEVELS, type Level } from '@contract/constants';
import { LEADERBOARD_METRICS, leaderboardSeasons } from '@contract/leaderboard';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { LeaderboardFilters as Filters } from '../api/get-leaderboard';
import { METRIC_CHOICES } from './format-metric';

export function LeaderboardFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="grid gap-1.5">
        <Label htmlFor="lb-level">Level</Label>
        <NativeSelect
          id="lb-level"
          value={value.level}
          onChange={(e) => onChange({ ...value, level: e.target.value as Level })}
        >
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lb-season">Season</Label>
        <NativeSelect
          id="lb-season"
          value={String(value.season)}
          onChange={(e) =>
            onChange({ ...value, season: e.target.value === 'all' ? 'all' : Number(e.target.value) })
          }
        >
          <option value="all">All Time</option>
          {leaderboardSeasons().map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lb-metric">Metric</Label>
        <NativeSelect
          id="lb-metric"
          value={value.metric}
          onChange={(e) => onChange({ ...value, metric: e.target.value })}
        >
          {LEADERBOARD_METRICS.map((m) => (
            <option key={m} value={m}>
              {METRIC_CHOICES[m]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
