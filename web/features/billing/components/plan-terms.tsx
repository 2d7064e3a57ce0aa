import { Link } from 'react-router';
import { PLAN_TERMS } from '@contract/price-terms';
import { paths } from '@/lib/paths';

/** The terms under the plans, before anyone pays (issue 52 item 5): renewal, cancelling, credits. */
export function PlanTerms() {
  return (
    <section aria-labelledby="plan-terms" className="space-y-2 rounded-lg border p-4 text-sm">
      <h2 id="plan-terms" className="text-base font-semibold">
        Terms
      </h2>
      <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium">Renewal</dt>
        <dd data-testid="terms-renewal">{PLAN_TERMS.renewal}</dd>
        <dt className="font-medium">How to cancel</dt>
        <dd data-testid="terms-cancel">
          {PLAN_TERMS.cancel}{' '}
          <Link className="text-primary underline underline-offset-2" to={`${paths.profile}?tab=payment`}>
            Open Payment Details
          </Link>
        </dd>
        <dt className="font-medium">When credits reset</dt>
        <dd data-testid="terms-credits">{PLAN_TERMS.credits}</dd>
        <dt className="font-medium">One-time products</dt>
        <dd data-testid="terms-packages">{PLAN_TERMS.packages}</dd>
      </dl>
    </section>
  );
}
