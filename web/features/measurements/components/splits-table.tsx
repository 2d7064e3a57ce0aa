import type { MeasurementResult } from '@contract/measurements';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const range = (lo: number, hi: number | null, digits: number) =>
  `${lo.toFixed(digits)}-${hi === null ? '∞' : hi.toFixed(digits)}`;

/** Each interval between consecutive marks: yards, time with its one-frame bound, speed and range. */
export function SplitsTable({ intervals }: { intervals: MeasurementResult['intervals'] }) {
  return (
    <Table className="text-xs" data-testid="splits-table">
      <TableHeader>
        <TableRow>
          <TableHead className="h-8 px-2">Yards</TableHead>
          <TableHead className="h-8 px-2 text-right">Time (s)</TableHead>
          <TableHead className="h-8 px-2 text-right">mph</TableHead>
          <TableHead className="h-8 px-2 text-right">Range</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {intervals.map((s) => (
          <TableRow key={`${s.fromFrame}-${s.toFrame}`}>
            <TableCell className="px-2 py-1.5 whitespace-nowrap">
              {s.fromYard}→{s.toYard}
            </TableCell>
            <TableCell
              className="px-2 py-1.5 text-right tabular-nums"
              title={`between ${s.secondsMin.toFixed(4)} and ${s.secondsMax.toFixed(4)} s`}
            >
              {s.seconds.toFixed(4)}
            </TableCell>
            <TableCell className="px-2 py-1.5 text-right font-medium tabular-nums">
              {s.mph.toFixed(1)}
            </TableCell>
            <TableCell className="px-2 py-1.5 text-right tabular-nums text-muted-foreground">
              {range(s.mphLow, s.mphHigh, 1)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
