import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** Cancel and 'Submit Request', as every request form ends; both wait while the request is sent. */
export function RequestFormFooter({ close, busy }: { close: () => void; busy: boolean }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={close} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Submitting...' : 'Submit Request'}
      </Button>
    </DialogFooter>
  );
}
