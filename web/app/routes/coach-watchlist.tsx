import { PageHeader } from '@/components/ui/page-header';
import { Watchlist } from '@/features/coach';

/** Screen: the coach's watch list and requests to connect. */
export default function CoachWatchlistRoute() {
  return (
    <div>
      <PageHeader title="Watch list" />
      <Watchlist />
    </div>
  );
}
