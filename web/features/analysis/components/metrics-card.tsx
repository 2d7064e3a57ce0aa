import type { RequestSubmetric } from '@contract/analysis';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useRequestSubmetrics } from '../api/get-submetrics';
import { cardMetrics } from './chart-data';
import { ordinal } from '@contract/percentiles';

const format = (m: RequestSubmetric) => `${m.value.toFixed(m.decimals ?? 1)}${m.unit ? ` ${m.unit}` : ''}`;

/** Position-Specific Metrics: the components of one analysis with their percentiles. */
export function MetricsCard({ requestId }: { requestId: number | null }) {
  const q = useRequestSubmetrics(requestId);
  const items = cardMetrics(q.data);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Position-Specific Metrics</CardTitle>
        <CardDescription>Latest analysis results</CardDescription>
      </CardHeader>
      <CardContent>
        {q.isLoading ? (
          <div className="grid gap-3" aria-label="Loading metrics">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : q.isError ? (
          <p className="text-sm text-destructive">Unable to load metrics</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No detailed metrics available for this analysis.</p>
        ) : (
          <ul className="grid gap-3">
            {items.map((m) => (
              <li key={m.id} className="grid gap-1">
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium">{m.submetricName}</span>
                  <span className="tabular-nums">{format(m)}</span>
                </div>
                <div className="flex items-center gap-2">
                  <div
                    className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                    role="meter"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={m.percentile}
                    aria-label={`${m.submetricName} percentile`}
                  >
                    <div className="h-full rounded-full bg-primary" style={{ width: `${m.percentile}%` }} />
                  </div>
                  <span className="w-16 text-right text-xs text-muted-foreground">
                    {ordinal(m.percentile)} pct
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
