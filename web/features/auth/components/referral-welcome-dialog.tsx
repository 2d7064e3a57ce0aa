import { Gift } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** Shown after a referred registration: the code to enter at checkout for the discount. */
export function ReferralWelcomeDialog({ code, onClose }: { code: string | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(code)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary sm:mx-0">
            <Gift className="size-6" aria-hidden />
          </span>
          <DialogTitle>Welcome to Verified Athlete!</DialogTitle>
          <DialogDescription>
            A friend invited you. Use this referral code when you subscribe to get your discount:
          </DialogDescription>
        </DialogHeader>
        <p
          className="rounded-lg border border-dashed bg-muted px-4 py-3 text-center font-mono text-xl font-semibold tracking-wider"
          data-testid="referral-code"
        >
          {code}
        </p>
        <p className="text-sm text-muted-foreground">
          We&apos;ve saved it for you, so it is applied at checkout.
        </p>
        <DialogFooter>
          <Button onClick={onClose} className="w-full sm:w-auto">
            Got it
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
