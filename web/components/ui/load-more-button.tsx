import { Button } from './button';
import { cn } from '@/lib/cn';

/** The next page of a keyset list (decision 063); shown only while the server answered a next cursor. */
export function LoadMoreButton({
  query,
  className,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className={cn('w-full sm:w-auto', className)}
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
