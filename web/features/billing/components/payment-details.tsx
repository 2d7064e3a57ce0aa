import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/api/use-user';
import { useSubscriptions } from '../api/subscriptions';
import { withPlaceholder } from './current-subscription';
import { SubscriptionItem } from './subscription-item';

/** The profile's Payment details tab: the user's subscriptions, Active and Inactive. */
export function PaymentDetails() {
  const { user } = useUser();
  const subs = useSubscriptions(user?.stripeCustomerId);
  if (!user?.stripeCustomerId) {
    return <p className="text-muted-foreground">No subscription information available.</p>;
  }
  if (subs.isLoading) return <Skeleton className="h-28 w-full rounded-lg" />;
  if (subs.isError) return <p role="alert" className="text-destructive">{subs.error.message}</p>;

  const list = withPlaceholder(subs.data?.data ?? [], user);
  const active = list.filter((s) => s.status === 'active');
  const inactive = list.filter((s) => s.status !== 'active');
  const panel = (items: typeof list) =>
    items.length === 0 ? (
      <p className="py-4 text-muted-foreground">No subscriptions found.</p>
    ) : (
      <ul className="space-y-3">{items.map((s) => <SubscriptionItem key={s.id} sub={s} />)}</ul>
    );

  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-lg font-semibold">Subscriptions</h3>
        <p className="text-sm text-muted-foreground">
          Manage your subscription, payment method and invoices in the Stripe customer portal.
        </p>
        {subs.data?.note && <p className="mt-1 text-xs text-muted-foreground">{subs.data.note}</p>}
      </div>
      <Tabs defaultValue="active">
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
