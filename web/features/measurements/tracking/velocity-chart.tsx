import { useState } from 'react';
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
import type { TrackResult } from '@contract/tracking';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

/** The velocity profile of the fitted run, against time or against yards (a laser gun's), window shaded. */
export function VelocityChart({ result, height = 220 }: { result: TrackResult; height?: number }) {
  const [by, setBy] = useState<'time' | 'yards'>('yards');
  const data = result.profile.map((p) => ({
    time: Math.round(p.time * 1000) / 1000,
    yards: p.yards,
    mph: p.mph,
  }));
  const w = result.maxSpeed;
  const [lo, hi] = w ? (by === 'time' ? [w.fromTime, w.toTime] : [w.fromYard, w.toYard]) : [null, null];
  return (
    <div className="grid gap-1">
      <ToggleGroup
        type="single"
        value={by}
        onValueChange={(v) => v && setBy(v as 'time' | 'yards')}
        aria-label="Speed against"
        className="justify-start"
      >
        <ToggleGroupItem value="yards">By yards</ToggleGroupItem>
        <ToggleGroupItem value="time">By time</ToggleGroupItem>
      </ToggleGroup>
      <div
        style={{ height }}
        role="img"
        aria-label={`Speed by ${by === 'time' ? 'time' : 'distance'}`}
        data-testid="velocity-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 16, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
            {lo !== null && hi !== null && (
              <ReferenceArea
                x1={lo}
                x2={hi}
                fill="var(--color-primary)"
                fillOpacity={0.08}
                ifOverflow="extendDomain"
              />
            )}
            <XAxis
              dataKey={by}
              type="number"
              domain={['dataMin', 'dataMax']}
              tick={{ fontSize: 11 }}
              label={{
                value: by === 'time' ? 'seconds' : 'yards',
                position: 'insideBottom',
                offset: -8,
                fontSize: 11,
              }}
            />
            <YAxis domain={['auto', 'auto']} allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(v) => [typeof v === 'number' ? `${v.toFixed(1)} mph` : '--', 'Speed']} />
            <Line
              type="monotone"
              dataKey="mph"
              stroke="var(--color-primary)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
