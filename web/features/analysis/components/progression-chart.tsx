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
import type { Point } from './chart-data';
import type { ChartLook } from './charted-kind';

/** A charted kind's best result of each season, on its axis, with its bands (the IGA's tiers) named at the right. */
export function ProgressionChart({ look, data }: { look: ChartLook; data: Point[] }) {
  const { axis, unit, label, bands = [] } = look;
  return (
    <div className="h-64 w-full" data-testid={`${look.testId}-chart`}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: bands.length ? 72 : 16, bottom: 4, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          {bands.map((t) => (
            <ReferenceArea
              key={t.label}
              y1={t.from}
              y2={t.to}
              fill={t.color}
              fillOpacity={0.08}
              ifOverflow="hidden"
              label={{ value: t.label, position: 'right', fontSize: 11, fill: t.color }}
            />
          ))}
          <XAxis dataKey="season" tick={{ fontSize: 12 }} />
          <YAxis domain={[axis.min, axis.max]} ticks={axis.ticks} allowDataOverflow tick={{ fontSize: 12 }} />
          <Tooltip
            formatter={(v) => [typeof v === 'number' ? `${v.toFixed(1)}${unit}` : '--', label]}
            labelFormatter={(s) => `Season ${String(s)}`}
          />
          <Line
            type="monotone"
            dataKey="value"
            name={label}
            stroke="var(--color-primary)"
            strokeWidth={2.5}
            dot={{ r: 4 }}
            activeDot={{ r: 6 }}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
