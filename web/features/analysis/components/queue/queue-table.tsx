import type { QueueItem, RequestType } from '@contract/analysis';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { relativeTime } from '@/lib/format';

export const typeLabel = (t: RequestType) => (t === 'iga' ? 'IGA Score' : 'Max Speed');

export function QueueTable({ items, onProcess }: { items: QueueItem[]; onProcess: (i: QueueItem) => void }) {
  return (
    <div className="overflow-x-auto rounded-md border bg-background">
      <Table>
        <TableHeader>
          <TableRow>
            {['Request ID', 'Type', 'Season', 'Player', 'Level', 'Submitted', 'Status', 'Action'].map((h) => <TableHead key={h}>{h}</TableHead>)}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id} data-testid={`queue-row-${i.id}`}>
              <TableCell className="font-mono">#{i.id}</TableCell>
              <TableCell><Badge variant={i.requestType === 'iga' ? 'secondary' : 'outline'}>{typeLabel(i.requestType)}</Badge></TableCell>
              <TableCell>{i.season}</TableCell>
              <TableCell className="whitespace-nowrap">{i.playerFirstName} {i.playerLastName}</TableCell>
              <TableCell className="whitespace-nowrap">{i.playerLevel}</TableCell>
              <TableCell className="whitespace-nowrap" title={new Date(i.createdAt).toLocaleString()}>{relativeTime(i.createdAt)}</TableCell>
              <TableCell><Badge variant="warning" className="capitalize">{i.status}</Badge></TableCell>
              <TableCell><Button size="sm" onClick={() => onProcess(i)}>Process</Button></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
