import { Link } from 'react-router';
import { formatVertical } from '@contract/vertical-jump-math';
import { paths } from '@/lib/paths';
import { useVerticalResults } from '../../api/vertical-jump';

/** A player's verified vertical jumps, best first: '26.4 in ± 0.3, verified vertical, video 240 fps'. */
export function VerticalResults({ playerId }: { playerId: number }) {
  const q = useVerticalResults(playerId);
  if (q.isPending) return null;
  if (!q.data?.length)
    return (
      <p className="text-sm text-muted-foreground" data-testid="vertical-results">
        No verified vertical jump yet. Request a Verified Vertical Jump with a clip of the jump.
      </p>
    );
  return (
    <section
      className="grid gap-3 text-sm"
      aria-label="Verified vertical jumps"
      data-testid="vertical-results"
    >
      {q.data.map((r) => (
        <div key={r.requestId} className="grid gap-0.5">
          <p className="font-semibold tabular-nums" data-testid="vertical-height">
            {formatVertical(r.heightInches, r.plusMinusInches, r.method)}
          </p>
          {paths.kindReceipt('vertical_jump', r.requestId) && (
            <Link
              to={paths.kindReceipt('vertical_jump', r.requestId)!}
              className="text-xs text-primary underline"
            >
              Receipt (season {r.season})
            </Link>
          )}
        </div>
      ))}
    </section>
  );
}
