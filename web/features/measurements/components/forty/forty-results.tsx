import { Link } from 'react-router';
import { formatForty } from '@contract/forty-math';
import { paths } from '@/lib/paths';
import { useFortyResults } from '../../api/forty';

/**
 * A player's verified 40s, best first: '4.62 s ± 0.01 (verified 40, video 240 fps)', the 10- and
 * 20-yard splits when the lines were visible, and the receipt. Never a hand-time equivalent.
 */
export function FortyResults({ playerId }: { playerId: number }) {
  const q = useFortyResults(playerId);
  if (q.isPending) return null;
  if (!q.data?.length)
    return (
      <p className="text-sm text-muted-foreground" data-testid="forty-results">
        No verified 40 yet. Request a Verified 40 with a clip of the run.
      </p>
    );
  return (
    <section className="grid gap-3 text-sm" aria-label="Verified 40s" data-testid="forty-results">
      {q.data.map((r) => (
        <div key={r.requestId} className="grid gap-0.5">
          <p className="font-semibold tabular-nums" data-testid="forty-time">
            {formatForty(r.seconds, r.plusMinusSeconds, r.method)}
          </p>
          {r.splits.length > 0 && (
            <p className="text-xs text-muted-foreground tabular-nums">
              {r.splits
                .filter((s) => s.yardLine === 10 || s.yardLine === 20)
                .map((s) => `${s.yardLine}-yard split ${formatForty(s.seconds, s.plusMinusSeconds)}`)
                .join(' · ')}
            </p>
          )}
          {paths.kindReceipt('forty', r.requestId) && (
            <Link to={paths.kindReceipt('forty', r.requestId)!} className="text-xs text-primary underline">
              Receipt (season {r.season})
            </Link>
          )}
        </div>
      ))}
    </section>
  );
}
