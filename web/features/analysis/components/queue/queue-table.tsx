import type { QueueItem } from '@contract/analysis';
import { findAnalysisKind } from '@contract/analysis-kinds';
import { requestDue } from '@contract/request-due';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { relativeTime } from '@/lib/format';

export const typeLabel = (t: string) => findAnalysisKind(t)?.label ?? t;

/** A request the analyst scores (IGA) stands apart from the measured ones. */
const scoredKind = (t: string) => findAnalysisKind(t)?.measurement === 'analyst-scored';

// On a phone the less needed columns go (the queue holds only pending requests, so Status says nothing
// new), the player's name may wrap, and Process stays pinned in view if the table still scrolls sideways.
const PHONE_HIDDEN = new Set(['Season', 'Level', 'Submitted', 'Status']);
const STICKY = 'sticky right-0 bg-background shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]';

/** Due 72 hours after the request (48-72 promised): overdue stands out, the last day is marked. */
function DueCell({ createdAt }: { createdAt: string }) {
  const due = requestDue(createdAt);
  return (
    <TableCell
      className="whitespace-nowrap"
      title={`Due ${due.dueAt.toLocaleString()}`}
      data-testid="queue-due"
    >
      {due.state === 'on_time' ? (
        <span className="text-muted-foreground">{due.text}</span>
      ) : (
        <Badge variant={due.state === 'overdue' ? 'destructive' : 'warning'}>{due.text}</Badge>
      )}
    </TableCell>
  );
}

export function QueueTable({ items, onProcess }: { items: QueueItem[]; onProcess: (i: QueueItem) => void }) {
  return (
    <div className="overflow-x-auto rounded-md border bg-background">
      <Table>
        <TableHeader>
          <TableRow>
            {['Request ID', 'Type', 'Season', 'Player', 'Level', 'Submitted', 'Due', 'Status', 'Action'].map(
              (h) => (
                <TableHead
                  key={h}
                  className={cn(PHONE_HIDDEN.has(h) && 'hidden sm:table-cell', h === 'Action' && STICKY)}
                >
                  {h}
                </TableHead>
              ),
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id} data-testid={`queue-row-${i.id}`}>
              <TableCell className="font-mono">#{i.id}</TableCell>
              <TableCell>
                <Badge variant={scoredKind(i.requestType) ? 'secondary' : 'outline'}>
                  {typeLabel(i.requestType)}
                </Badge>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{i.season}</TableCell>
              <TableCell className="sm:whitespace-nowrap" data-testid="queue-player">
                {i.playerFirstName} {i.playerLastName}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">{i.playerLevel}</TableCell>
              <TableCell
                className="hidden whitespace-nowrap sm:table-cell"
                title={new Date(i.createdAt).toLocaleString()}
              >
                {relativeTime(i.createdAt)}
              </TableCell>
              <DueCell createdAt={i.createdAt} />
              <TableCell className="hidden sm:table-cell">
                <Badge variant="warning" className="capitalize">
                  {i.status}
                </Badge>
              </TableCell>
              <TableCell className={STICKY}>
                <Button size="sm" onClick={() => onProcess(i)}>
                  Process
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
