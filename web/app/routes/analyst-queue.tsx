import { useState } from 'react';
import { Inbox } from 'lucide-react';
import type { QueueItem } from '@contract/analysis';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useQueue } from '@/features/analysis/api/queue';
import { ProcessDialog } from '@/features/analysis/components/queue/process-dialog';
import { QueueTable } from '@/features/analysis/components/queue/queue-table';

/** Screen: the analysts' queue of pending requests, oldest first. */
export default function AnalystQueueRoute() {
  const queue = useQueue();
  const { isLoading, error } = queue;
  const data = queue.data?.pages.flatMap((p) => p.data);
  const [processing, setProcessing] = useState<QueueItem | null>(null);
  return (
    <div className="grid gap-4">
      <PageHeader title="Analysis Queue" subtitle="Pending speed and IGA requests, oldest first" />
      {isLoading ? (
        <div className="grid gap-2" role="status" aria-label="Loading the queue">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : error ? (
        <p className="text-destructive">{error.message}</p>
      ) : !data?.length ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-background p-10 text-center">
          <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No pending requests</p>
          <p className="text-sm text-muted-foreground">New requests appear here as families send them.</p>
        </div>
      ) : (
        <>
          <QueueTable items={data} onProcess={setProcessing} />
          {queue.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => void queue.fetchNextPage()}
              disabled={queue.isFetchingNextPage}
            >
              {queue.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
      <ProcessDialog item={processing} onClose={() => setProcessing(null)} />
    </div>
  );
}
