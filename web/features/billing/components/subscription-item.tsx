import type { Subscription } from '@contract/billing';
import { formatCents } from '@contract/money';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useSubscriptionAction } from '../api/subscriptions';
import { isSynthetic } from './current-subscription';

const CANCEL_CONFIRMATION =
  "Are you sure you want to cancel your subscription? You'll continue to have access until the end of your current billing period.";

const formatDate = (epoch: number | null) =>
  epoch
    ? new Date(epoch * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
    : '--';
const price = (s: Subscription) => `${formatCents(s.plan.amount)} / ${s.plan.interval}`;

function SubscriptionActions({ sub }: { sub: Subscription }) {
  const cancel = useSubscriptionAction('cancel');
  const reactivate = useSubscriptionAction('reactivate');
  const run = (m: typeof cancel) =>
    m.mutate(sub.id, {
      onSuccess: (res) => toast({ title: 'Success', description: res.message }),
    });

  if (isSynthetic(sub)) {
    return (
      <Button
        variant="outline"
        aria-disabled="true"
        className="cursor-not-allowed opacity-50"
        onClick={() =>
          toast({
            title: 'Managed by the payment provider',
            description:
              'This subscription is managed through the Stripe customer portal. Please contact support to change it.',
            variant: 'info',
          })
        }
      >
        Cancel Subscription
      </Button>
    );
  }
  if (sub.cancel_at_period_end) {
    return (
      <Button onClick={() => run(reactivate)} disabled={reactivate.isPending}>
        {reactivate.isPending ? 'Reactivating...' : 'Reactivate Subscription'}
      </Button>
    );
  }
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="text-destructive" disabled={cancel.isPending}>
          {cancel.isPending ? 'Canceling...' : 'Cancel Subscription'}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel subscription?</AlertDialogTitle>
          <AlertDialogDescription>{CANCEL_CONFIRMATION}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Subscription</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => run(cancel)}>
            Cancel Subscription
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function SubscriptionItem({ sub }: { sub: Subscription }) {
  const active = sub.status === 'active';
  const renews = active && !sub.cancel_at_period_end;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="subscription"
    >
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{sub.plan.product.name}</span>
          <Badge
            variant={active ? (sub.cancel_at_period_end ? 'warning' : 'success') : 'muted'}
            className="capitalize"
          >
            {sub.status.replace(/_/g, ' ')}
          </Badge>
        </div>
        <p className="text-sm">{price(sub)}</p>
        <p className="text-sm text-muted-foreground">
          {sub.ended_at
            ? `Ended on ${formatDate(sub.ended_at)}`
            : `${renews ? 'Renews on' : 'Expires on'} ${formatDate(sub.current_period_end)}`}
        </p>
      </div>
      {active && <SubscriptionActions sub={sub} />}
    </li>
  );
}
