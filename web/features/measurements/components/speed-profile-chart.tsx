import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { MeasurementResult } from '@contract/measurements';

/** Speed by distance (the velocity profile a laser gun gives), the fastest window shaded. */
export function SpeedProfileChart({
  result,
  height = 200,
}: {
  result: Pick<MeasurementResult, 'profile' | 'window' | 'marks'>;
  height?: number;
}) {
  const data = result.profile.map((p) => ({ yard: p.yard, mph: Math.round(p.mph * 10) / 10 }));
  const yards = result.marks.map((m) => m.yardLine);
  const first = Math.min(...yards);
  const last = Math.max(...yards);
  const ticks = Array.from({ length: (last - first) / 5 + 1 }, (_, i) => first + i * 5);
  const lo = Math.min(result.window.fromYard, result.window.toYard);
  const hi = Math.max(result.window.fromYard, result.window.toYard);
  const values = data.map((d) => d.mph);
  const min = Math.max(0, Math.floor(Math.min(...values) - 1));
  const max = Math.ceil(Math.max(...values) + 1);
  return (
    <div
      className="w-full"
      style={{ height }}
      data-testid="speed-profile-chart"
      role="img"
      aria-label="Speed by distance"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 16, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <ReferenceArea
            x1={lo}
            x2={hi}
            fill="var(--color-primary)"
            fillOpacity={0.08}
            ifOverflow="extendDomain"
          />
          <XAxis
            dataKey="yard"
            type="number"
            domain={[first, last]}
            ticks={ticks}
            tick={{ fontSize: 11 }}
            label={{ value: 'yard line', position: 'insideBottom', offset: -8, fontSize: 11 }}
          />
          <YAxis domain={[min, max]} allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip
            formatter={(v) => [typeof v === 'number' ? `${v.toFixed(1)} mph` : '--', 'Speed']}
            labelFormatter={(y) => `around the ${String(y)}-yard line`}
          />
          <Line
            type="monotone"
            dataKey="mph"
            stroke="var(--color-primary)"
            strokeWidth={2.5}
            dot={{ r: 4 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
