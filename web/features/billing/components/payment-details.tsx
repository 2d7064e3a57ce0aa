import { AlertTriangle, ExternalLink, Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth';
import { useBillingAccount, useOpenPortal } from '../api/billing-history';
import { useSubscriptions } from '../api/subscriptions';
import { BillingHistory } from './billing-history';
import { SubscriptionItem } from './subscription-item';

function Subscriptions({ customerId }: { customerId: string | null | undefined }) {
  const subs = useSubscriptions(customerId);
  if (!customerId) return <p className="text-muted-foreground">No subscription information available.</p>;
  if (subs.isLoading) return <Skeleton className="h-28 w-full rounded-lg" />;
  if (subs.isError)
    return (
      <p role="alert" className="text-destructive">
        {subs.error.message}
      </p>
    );
  const list = subs.data?.data ?? [];
  if (list.length === 0)
    return (
      <p data-testid="no-subscription">
        You have no subscription. Your credits come from the purchases in your billing history below.
      </p>
    );
  const active = list.filter((s) => s.status === 'active');
  const inactive = list.filter((s) => s.status !== 'active');
  const panel = (items: typeof list) =>
    items.length === 0 ? (
      <p className="py-4 text-muted-foreground">No subscriptions found.</p>
    ) : (
      <ul className="space-y-3">
        {items.map((s) => (
          <SubscriptionItem key={s.id} sub={s} />
        ))}
      </ul>
    );
  return (
    <div className="space-y-1">
      {subs.data?.note && <p className="text-xs text-muted-foreground">{subs.data.note}</p>}
      <Tabs defaultValue={active.length ? 'active' : 'inactive'}>
        <TabsList>
          <TabsTrigger value="active">Active ({active.length})</TabsTrigger>
          <TabsTrigger value="inactive">Inactive ({inactive.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="active">{panel(active)}</TabsContent>
        <TabsContent value="inactive">{panel(inactive)}</TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * The profile's Payment details tab: what the family actually has, what it paid, and where to get help
 * (decision 064). What it paid is one list, the billing history (decision 206).
 */
export function PaymentDetails() {
  const { user } = useUser();
  const account = useBillingAccount();
  const portal = useOpenPortal();
  const a = account.data;
  const openPortal = () => portal.mutate();

  return (
    <div className="space-y-8">
      {a?.negativeBalance && (
        <div
          role="alert"
          className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <p>
            Your balance is below zero after a refund or chargeback (Max Speed {a.credits}, IGA {a.igaCredits}
            ). New analysis requests are paused until it is settled: buy a package on the Plans page or
            contact support.
          </p>
        </div>
      )}
      <section className="space-y-3" aria-labelledby="subscriptions-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="subscriptions-title" className="text-lg font-semibold">
            Subscriptions
          </h3>
          {a?.portalAvailable && (
            <Button variant="outline" size="sm" onClick={openPortal} disabled={portal.isPending}>
              <ExternalLink aria-hidden /> Manage billing in Stripe
            </Button>
          )}
        </div>
        {a?.portalAvailable && (
          <p className="text-sm text-muted-foreground">
            Change your card, download invoices or cancel in the Stripe customer portal.
          </p>
        )}
        <Subscriptions customerId={user?.stripeCustomerId} />
      </section>
      <BillingHistory />
      {a && (
        <p className="flex items-center gap-2 border-t pt-4 text-sm" data-testid="support-contact">
          <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            Questions about a charge or a refund? Contact support at{' '}
            <a className="font-medium text-primary underline" href={`mailto:${a.supportEmail}`}>
              {a.supportEmail}
            </a>
            .
          </span>
        </p>
      )}
    </div>
  );
}
