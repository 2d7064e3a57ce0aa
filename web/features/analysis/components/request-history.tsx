import { findAnalysisKind, formatKindResult } from '@contract/analysis-kinds';
import { Link } from 'react-router';
import { REQUEST_STATUS_LABELS, type RequestHistoryItem } from '@contract/request-history';
import { formatResultDate } from '@contract/result-date';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useRequestHistory } from '../api/get-request-history';

const STATUS_VARIANT = {
  pending: 'warning',
  completed: 'success',
  rejected: 'destructive',
  held: 'warning',
} as const;

/** A completed request's result as the history writes it; null while there is none. */
export function historyResult(r: RequestHistoryItem) {
  if (r.status !== 'completed') return null;
  if (r.resultText) return r.resultText;
  // The specification's kinds carry their result in their own field (`maxSpeed`, `igaScore`) and its bound
  // in the same name with `PlusMinus`; later kinds send resultText.
  const kind = findAnalysisKind(r.requestType);
  if (!kind?.resultField) return null;
  const fields = r as unknown as Record<string, number | null | undefined>;
  const value = fields[kind.resultField];
  if (value == null) return null;
  const text = formatKindResult(kind, value, fields[`${kind.resultField}PlusMinus`]);
  // A score has no unit: it is written after its name ('IGA Score 85.0').
  return kind.unit ? text : `${kind.label} ${text}`;
}

function Row({ r }: { r: RequestHistoryItem }) {
  const value = historyResult(r);
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0" data-testid="request-history-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{findAnalysisKind(r.requestType)?.label ?? r.requestType}</span>
        <span className="text-sm text-muted-foreground">
          Season {r.season}
          {r.positionName ? ` · ${r.positionName}` : ''}
        </span>
        <Badge variant={STATUS_VARIANT[r.status]} className="ml-auto">
          {REQUEST_STATUS_LABELS[r.status]}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Submitted {formatResultDate(r.createdAt)}
        {r.completedAt
          ? ` · ${r.status === 'rejected' ? 'Rejected' : 'Completed'} ${formatResultDate(r.completedAt)}`
          : ''}
      </p>
      {r.status === 'held' && (
        <p className="text-sm" data-testid="held-note">
          The measured speed is outside what players usually run, so a second analyst measures the video again
          before it is shown as verified. Nothing is shown on the card, the leaderboard or the public profile
          until then.
        </p>
      )}
      {r.status === 'rejected' && (
        <div className="rounded-md border border-destructive/30 bg-destructive/5 p-2 text-sm">
          <p>
            <span className="font-medium">Reason:</span> {r.rejectionReason}
          </p>
          {r.analystComment && (
            <p>
              <span className="font-medium">Analyst's note:</span> {r.analystComment}
            </p>
          )}
          <p className="text-muted-foreground">
            {r.creditRefunded ? 'Your credit was returned.' : 'No credit was returned.'}
          </p>
        </div>
      )}
      {value && (
        <p className="text-sm">
          Result: <span className="font-semibold">{value}</span>
          {r.resultPath && (
            <>
              {' '}
              ·{' '}
              <Link className="text-primary underline underline-offset-2" to={r.resultPath}>
                See how it was measured
              </Link>
            </>
          )}
        </p>
      )}
    </li>
  );
}

/** Every request for the player, rejections with their reason and refund, results with their link. */
export function RequestHistory({ playerId }: { playerId: number }) {
  const history = useRequestHistory(playerId);
  return (
    <Card id="request-history">
      <CardHeader>
        <CardTitle className="text-lg">Request History</CardTitle>
        <CardDescription>Every analysis requested for this player and what became of it.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner />
          </div>
        ) : !history.data?.length ? (
          <p className="text-sm text-muted-foreground">No requests yet.</p>
        ) : (
          <ul className="divide-y">
            {history.data.map((r) => (
              <Row key={r.id} r={r} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
