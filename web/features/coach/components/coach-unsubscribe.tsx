import { useSearchParams } from 'react-router';
import { UNSUBSCRIBED_TEXT } from '@contract/coach';
import { Button } from '@/components/ui/button';
import { useUnsubscribe } from '../api/saved-searches';

/**
 * The weekly mail's unsubscribe link, signed in or out (decision 211). It asks for a click rather than
 * unsubscribing on load, so a mail scanner that opens links stops nothing.
 */
export function CoachUnsubscribe() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useUnsubscribe();
  if (stop.isSuccess)
    return (
      <p role="status" className="text-sm">
        {UNSUBSCRIBED_TEXT} Saving a new search turns them back on.
      </p>
    );
  return (
    <div className="space-y-3">
      <p className="text-sm">
        Stop the weekly emails that list newly verified players for your saved searches? Your saved searches
        stay.
      </p>
      <Button onClick={() => stop.mutate(token)} disabled={!token || stop.isPending}>
        Stop these emails
      </Button>
      {stop.error && (
        <p role="alert" className="text-sm text-destructive">
          {stop.error.message}
        </p>
      )}
    </div>
  );
}
