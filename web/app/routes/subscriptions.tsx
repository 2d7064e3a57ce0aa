import { useState } from 'react';
import { planButtonLabel, type Plan } from '@contract/billing';
import { analysisKinds, creditKinds } from '@contract/analysis-kinds';
import { alsoBuys } from '@contract/credit-names';
import { PageHeader } from '@/components/ui/page-header';
import { ContinueRequestBanner } from '@/features/analysis/components/continue-request-banner';
import { useUser } from '@/features/auth/api/use-user';
import type { CheckoutPreview } from '@contract/billing-history';
import { useCheckoutPreview } from '@/features/billing/api/billing-history';
import { useStartCheckout } from '@/features/billing/api/checkout';
import { PlanChangeDialog } from '@/features/billing/components/plan-change-dialog';
import { usePlans, useStripeConfig } from '@/features/billing/api/plans';
import { useSubscriptions } from '@/features/billing/api/subscriptions';
import { currentForLabels } from '@/features/billing/components/current-subscription';
import { PlanCard } from '@/features/billing/components/plan-card';
import { PlanGrid } from '@/features/billing/components/plan-grid';
import { PlanTerms } from '@/features/billing/components/plan-terms';
import { TestModeBanner } from '@/features/billing/components/test-mode-banner';
import { useCheckoutReturn } from '@/features/billing/components/use-checkout-return';

/** Screen: yearly plans and one-time credit packages. */
/** Per balance, the other kinds it buys, named after the first kind that spends it; none when it buys one. */
const alsoBuysLines = () =>
  creditKinds().flatMap((c) => {
    const first = analysisKinds().find((k) => k.credit.key === c.key);
    const line = first && alsoBuys(first.key);
    return line ? [line] : [];
  });

export default function SubscriptionsRoute() {
  useCheckoutReturn();
  const { user } = useUser();
  const plans = usePlans();
  const config = useStripeConfig();
  const subs = useSubscriptions(user?.stripeCustomerId);
  const checkout = useStartCheckout();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const preview = useCheckoutPreview();
  const [change, setChange] = useState<{ planId: number; preview: CheckoutPreview } | null>(null);
  const current = currentForLabels(user, subs.data?.data);

  const pay = (planId: number) => {
    setPendingId(planId);
    // The MutationCache toasts the error; the card only stops showing its spinner.
    checkout.mutate(planId, { onError: () => setPendingId(null) });
  };
  // A plan that replaces the current one is confirmed first, with what it charges and credits (decision 064).
  const choose = (plan: Plan) => {
    const label = planButtonLabel(plan, current);
    if (plan.type !== 'subscription' || !current || label === 'Renew') return pay(plan.id);
    preview.mutate(plan.id, { onSuccess: (p) => setChange({ planId: plan.id, preview: p }) });
  };

  const list = plans.data ?? [];
  const card = (plan: Plan) => (
    <PlanCard
      key={plan.id}
      plan={plan}
      label={planButtonLabel(plan, current)}
      pending={pendingId === plan.id}
      onChoose={choose}
    />
  );

  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <PageHeader
          title="Subscription & Product Packages"
          subtitle="Choose a plan to get Max Speed and IGA Credits"
        />
        {/* One name per credit (issue 52): what else each credit buys ('A Max Speed credit also buys ...'). */}
        {alsoBuysLines().map((line) => (
          <p key={line} className="text-sm text-muted-foreground">
            {line}
          </p>
        ))}
      </div>
      <ContinueRequestBanner />
      {config.data?.isTestMode !== false && <TestModeBanner />}
      {plans.isError && (
        <p role="alert" className="text-destructive">
          {plans.error.message}
        </p>
      )}
      <PlanGrid title="Monthly Subscription Plans" loading={plans.isLoading}>
        {list.filter((p) => p.type === 'subscription').map(card)}
      </PlanGrid>
      <PlanGrid title="One-Time Purchase Products" loading={plans.isLoading}>
        {list.filter((p) => p.type === 'one_time').map(card)}
      </PlanGrid>
      {!plans.isLoading && !plans.isError && <PlanTerms />}
      <PlanChangeDialog
        preview={change?.preview ?? null}
        onCancel={() => setChange(null)}
        onConfirm={() => {
          if (change) pay(change.planId);
          setChange(null);
        }}
      />
    </div>
  );
}
