import { useState } from 'react';
import { planButtonLabel, type Plan } from '@contract/billing';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toaster';
import { useUser } from '@/features/auth/api/use-user';
import { useStartCheckout } from '@/features/billing/api/checkout';
import { usePlans, useStripeConfig } from '@/features/billing/api/plans';
import { useSubscriptions } from '@/features/billing/api/subscriptions';
import { currentForLabels } from '@/features/billing/components/current-subscription';
import { PlanCard } from '@/features/billing/components/plan-card';
import { PlanGrid } from '@/features/billing/components/plan-grid';
import { TestModeBanner } from '@/features/billing/components/test-mode-banner';
import { useCheckoutReturn } from '@/features/billing/components/use-checkout-return';

/** Screen: yearly plans and one-time credit packages. */
export default function SubscriptionsRoute() {
  useCheckoutReturn();
  const { user } = useUser();
  const plans = usePlans();
  const config = useStripeConfig();
  const subs = useSubscriptions(user?.stripeCustomerId);
  const checkout = useStartCheckout();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const current = currentForLabels(user, subs.data?.data);

  const choose = (plan: Plan) => {
    setPendingId(plan.id);
    checkout.mutate(plan.id, {
      onError: (err) => {
        setPendingId(null);
        toast({ title: 'Error', description: err.message, variant: 'destructive' });
      },
    });
  };

  const list = plans.data ?? [];
  const card = (plan: Plan) => (
    <PlanCard key={plan.id} plan={plan} label={planButtonLabel(plan, current)} pending={pendingId === plan.id} onChoose={choose} />
  );

  return (
    <div className="space-y-8">
      <PageHeader title="Subscription & Product Packages" subtitle="Choose a plan to get Max Speed and IGA Credits" />
      {config.data?.isTestMode !== false && <TestModeBanner />}
      {plans.isError && <p role="alert" className="text-destructive">{plans.error.message}</p>}
      <PlanGrid title="Monthly Subscription Plans" loading={plans.isLoading}>
        {list.filter((p) => p.type === 'subscription').map(card)}
      </PlanGrid>
      <PlanGrid title="One-Time Purchase Products" loading={plans.isLoading}>
        {list.filter((p) => p.type === 'one_time').map(card)}
      </PlanGrid>
    </div>
  );
}
