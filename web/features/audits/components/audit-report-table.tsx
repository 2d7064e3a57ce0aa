import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuditReport } from '../api/audit-admin';

const pct = (v: number | null) => (v === null ? '--' : `${Math.round(v * 100)}%`);
const mph = (v: number | null) => (v === null ? '--' : `${v.toFixed(2)} mph`);

/** Audits done, mean absolute difference and share within bounds, overall and per analyst. */
export function AuditReportTable() {
  const q = useAuditReport();
  if (!q.data) return null;
  const r = q.data;
  return (
    <div className="grid gap-3">
      <p className="text-sm" data-testid="audit-summary">
        {r.overall.audits} {r.overall.audits === 1 ? 'audit' : 'audits'} done · mean absolute difference{' '}
        {mph(r.overall.meanAbsDiffMph)} · {pct(r.overall.withinBoundsShare)} within bounds · {r.pending}{' '}
        waiting · {r.flagged} flagged
      </p>
      <div className="overflow-x-auto">
        <Table className="whitespace-nowrap">
          <TableHeader>
            <TableRow>
              <TableHead>Analyst</TableHead>
              <TableHead className="text-right">Results audited</TableHead>
              <TableHead className="text-right">Mean abs. difference</TableHead>
              <TableHead className="text-right">Within bounds</TableHead>
              <TableHead className="text-right">Audits done</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {r.perAnalyst.map((a) => (
              <TableRow key={a.analystId ?? a.analystName}>
                <TableCell>{a.analystName}</TableCell>
                <TableCell className="text-right">{a.audits}</TableCell>
                <TableCell className="text-right">{mph(a.meanAbsDiffMph)}</TableCell>
                <TableCell className="text-right">{pct(a.withinBoundsShare)}</TableCell>
                <TableCell className="text-right">{a.auditsDone}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
