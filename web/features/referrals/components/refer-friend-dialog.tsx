import { Suspense, useState } from 'react';
import { Gift } from 'lucide-react';
import { REFERRAL_DISCOUNT_PERCENT } from '@contract/referrals';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { onDemandPart } from '@/components/on-demand-part';
import { Spinner } from '@/components/ui/spinner';
import { useSendReferral } from '../api/send-referral';

// The form (zod, react-hook-form, its schema) loads on demand: this dialog sits in every signed-in screen's
// header (decision 234). Its code starts loading when the trigger is hovered, focused or pressed.
const { Part: ReferFriendForm, preload: preloadForm } = onDemandPart(() =>
  import('./refer-friend-form').then((m) => m.ReferFriendForm),
);

/** 'Refer a Friend' button and dialog: the friend gets an email with a registration link and a discount. */
export function ReferFriendDialog() {
  const [open, setOpen] = useState(false);
  const send = useSendReferral();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          onPointerEnter={preloadForm}
          onFocus={preloadForm}
          onPointerDown={preloadForm}
        >
          <Gift aria-hidden /> Refer a Friend
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Refer a Friend</DialogTitle>
          <DialogDescription>
            We&apos;ll email your friend an invitation with {REFERRAL_DISCOUNT_PERCENT}% off their first
            purchase.
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner />}>
          <ReferFriendForm send={send} onClose={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
