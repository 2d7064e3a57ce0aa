import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { useRecheck, useStartRecheck } from '../api/recheck';

const STATUS_TEXT = {
  queued: 'Queued: waiting for a worker',
  running: 'Running: checking the stored results',
  done: 'Done',
  failed: 'Failed',
} as const;

/**
 * A held request linked to its receipt: its kind's screen (decision 271), else the measured Max Speed's
 * receipt; not linked when the answer does not say its kind.
 */
function HeldRequest({ requestId, kind }: { requestId: number; kind?: string }) {
  if (!kind) return <>Request #{requestId}</>;
  return (
    <Link
      className="text-primary underline"
      to={paths.kindReceipt(kind, requestId) ?? paths.receipt(requestId)}
    >
      Request #{requestId}
    </Link>
  );
}

/**
 * The admin's re-check of stored measurements (decision 241): start it, then read how far it is and
 * what it held for an analyst. The job's id stays in the address, so a reload still shows it.
 */
export function MeasurementsRecheck() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('job')) || null;
  const start = useStartRecheck();
  const job = useRecheck(id);
  const r = job.data;
  const busy = start.isPending || r?.status === 'queued' || r?.status === 'running';
  return (
    <div className="space-y-4">
      <PageHeader
        title="Measurements re-check"
        subtitle="Check every stored verified result again under the current rules"
      />
      <Card>
        <CardHeader>
          <CardTitle>Start a re-check</CardTitle>
          <CardDescription>
            A result the rules now refuse is held for an analyst: off the leaderboard and the coach search,
            the family told by mail, the receipt keeping both. It runs as a background job; this page follows
            it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            disabled={busy}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: (s) => setParams({ job: String(s.id) }, { replace: true }),
              })
            }
          >
            {start.isPending ? 'Starting…' : 'Start re-check'}
          </Button>
        </CardContent>
      </Card>
      {id !== null && (
        <Card data-testid="recheck-progress">
          <CardHeader>
            <CardTitle>Re-check #{id}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm" aria-live="polite">
            {job.isPending ? (
              <Spinner />
            ) : job.isError ? (
              <p role="alert" className="text-destructive">
                {job.error.message}
              </p>
            ) : r ? (
              <>
                <p className="flex items-center gap-2">
                  <Badge
                    variant={
                      r.status === 'failed' ? 'destructive' : r.status === 'done' ? 'success' : 'warning'
                    }
                  >
                    {STATUS_TEXT[r.status]}
                  </Badge>
                  {busy && <Spinner />}
                </p>
                {r.error && <p className="text-destructive">{r.error}</p>}
                {r.status === 'done' && (
                  <>
                    <p>
                      Checked {r.checked ?? 0} verified result{r.checked === 1 ? '' : 's'};{' '}
                      {r.held.length === 0 ? 'none was held.' : `${r.held.length} held for an analyst.`}
                    </p>
                    {r.held.length > 0 && (
                      <ul className="list-disc space-y-1 pl-5" data-testid="recheck-held">
                        {r.held.map((h) => (
                          <li key={h.requestId}>
                            <HeldRequest requestId={h.requestId} kind={h.kind} />: {h.reasons.join('; ')}
                          </li>
                        ))}
                      </ul>
                    )}
                  </>
                )}
              </>
            ) : null}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
