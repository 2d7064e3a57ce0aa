import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import type { TestCheckoutSession } from '@contract/billing';
import { formatCents } from '@contract/money';
import { discountedPlanTerms } from '@contract/price-terms';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { testSessionQueryOptions } from '@/features/billing/api/test-checkout';
import { TestCheckoutForm } from '@/features/billing/components/test-checkout-form';
import { TestPaymentTools } from '@/features/billing/components/test-payment-tools';

function Summary({ s }: { s: TestCheckoutSession }) {
  // A referral discount is the first payment's only: then the amount is not 'per year' (decision 206).
  const terms = discountedPlanTerms(s);
  const per = s.interval && !terms ? ` per ${s.interval}` : '';
  return (
    <div className="space-y-6">
      <a
        href={s.cancelUrl}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Cancel and return to Verified Athlete
      </a>
      <div className="space-y-1">
        <Badge variant="warning">TEST MODE</Badge>
        <p className="pt-2 text-muted-foreground">
          {s.mode === 'subscription' ? `Subscribe to ${s.productName}` : s.productName}
        </p>
        <p className="text-4xl font-bold" data-testid="amount-total">
          {formatCents(s.amountTotalCents)}
          <span className="text-base font-normal text-muted-foreground">{per}</span>
        </p>
        {terms && (
          <p className="font-medium" data-testid="price-terms">
            {terms}
          </p>
        )}
        <p className="text-sm text-muted-foreground">{s.description}</p>
      </div>
      <dl className="space-y-2 border-t pt-4 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatCents(s.amountSubtotalCents)}</dd>
        </div>
        {s.amountDiscountCents > 0 && (
          <div className="flex justify-between text-success" data-testid="discount">
            <dt>Referral discount{s.promotionCode ? ` (${s.promotionCode})` : ''}</dt>
            <dd>-{formatCents(s.amountDiscountCents)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t pt-2 font-semibold">
          <dt>Total due today</dt>
          <dd>{formatCents(s.amountTotalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-3 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      <div className="text-muted-foreground">{children}</div>
    </div>
  );
}

/** Screen: the built-in test mode's hosted payment page, signed in or out (like Stripe Checkout). */
export default function TestCheckoutRoute() {
  const { sessionId = '' } = useParams();
  const q = useQuery(testSessionQueryOptions(sessionId));
  const s = q.data;
  let body: React.ReactNode;
  if (q.isLoading)
    body = (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  else if (!s)
    body = (
      <Notice title="Checkout not found">
        This checkout session was not found. Please start again from the plans page.
      </Notice>
    );
  else if (s.status === 'complete') {
    body = (
      <>
        <Notice title="Payment complete">
          <CheckCircle2 className="mx-auto mb-2 size-10 text-success" aria-hidden />
          <a className="text-primary underline" href={s.successUrl ?? '/subscriptions'}>
            Return to Verified Athlete
          </a>
        </Notice>
        <TestPaymentTools sessionId={s.id} />
      </>
    );
  } else if (s.status === 'expired') {
    body = (
      <Notice title="Checkout expired">
        This checkout session has expired.{' '}
        <a className="text-primary underline" href={s.cancelUrl}>
          Return to plans
        </a>
      </Notice>
    );
  } else {
    body = (
      <div className="grid gap-10 md:grid-cols-2">
        <Summary s={s} />
        <section aria-label="Payment" className="space-y-4">
          <h1 className="text-lg font-semibold">Pay with card</h1>
          <TestCheckoutForm session={s} />
        </section>
      </div>
    );
  }
  return (
    <div className="min-h-screen bg-muted/40 px-4 py-8 sm:py-16">
      <main className="mx-auto max-w-4xl rounded-xl border bg-background p-6 shadow-sm sm:p-10">{body}</main>
    </div>
  );
}
