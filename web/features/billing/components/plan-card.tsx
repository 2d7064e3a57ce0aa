import { Check, Star } from 'lucide-react';
import { isCreditFeatureLine, isPurchasable, type Plan, type PlanButtonLabel } from '@contract/billing';
import { formatCents } from '@contract/money';
import { yearlyPriceTerms } from '@contract/price-terms';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Under the 'Monthly Subscription Plans' heading (the specification's), a plan is billed yearly: say so. */
function YearlyPrice({ cents }: { cents: number }) {
  const t = yearlyPriceTerms(cents);
  return (
    <div data-testid="plan-price">
      <p>
        <span className="text-3xl font-bold">{t.price}</span>{' '}
        <span className="text-sm font-medium">{t.billed}</span>
      </p>
      <p className="text-xs text-muted-foreground">{t.monthly}</p>
    </div>
  );
}

export function PlanCard({
  plan,
  label,
  pending,
  onChoose,
}: {
  plan: Plan;
  label: PlanButtonLabel;
  pending: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const yearly = plan.type === 'subscription';
  const per = yearly ? ' per year' : '';
  const creditLines = [
    (yearly || plan.maxSpeedVideosPerYear > 0) &&
      `${plural(plan.maxSpeedVideosPerYear, 'Max Speed credit', 'Max Speed credits')}${per}`,
    (yearly || plan.igaPerYear > 0) &&
      `${plural(plan.igaPerYear, 'IGA Score credit', 'IGA Score credits')}${per}`,
  ].filter(Boolean) as string[];
  const features = plan.features.filter((f) => !isCreditFeatureLine(f));
  const current = label === 'Current Plan';
  return (
    <Card
      className={cn('flex flex-col', current && 'border-primary ring-1 ring-primary')}
      data-testid={`plan-${plan.key}`}
    >
      <CardHeader className="space-y-2">
        <div
          role="img"
          className="flex gap-0.5 text-amber-500"
          aria-label={`${plan.stars} ${plan.stars === 1 ? 'star' : 'stars'}`}
        >
          {Array.from({ length: plan.stars }, (_, i) => (
            <Star key={i} className="size-4 fill-current" aria-hidden />
          ))}
        </div>
        <CardTitle className="text-xl">{plan.name}</CardTitle>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        {yearly ? (
          <YearlyPrice cents={plan.priceCents} />
        ) : (
          <p>
            <span className="text-3xl font-bold">{formatCents(plan.priceCents, { style: 'whole' })}</span>
            <span className="ml-1 text-sm text-muted-foreground">one-time</span>
          </p>
        )}
        <ul className="space-y-2 text-sm">
          {[...creditLines, ...features].map((line, i) => (
            <li key={line} className="flex gap-2">
              <Check
                className={cn(
                  'mt-0.5 size-4 shrink-0',
                  i < creditLines.length ? 'text-primary' : 'text-success',
                )}
                aria-hidden
              />
              <span className={cn(i < creditLines.length && 'font-medium')}>{line}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          variant={current ? 'outline' : 'default'}
          disabled={!isPurchasable(label) || pending}
          onClick={() => onChoose(plan)}
        >
          {pending ? (
            <>
              <Spinner size="sm" /> Redirecting...
            </>
          ) : (
            label
          )}
        </Button>
      </CardFooter>
    </Card>
  );
}
