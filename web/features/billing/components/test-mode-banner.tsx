import { FlaskConical } from 'lucide-react';
import { TEST_CARDS } from '@contract/billing';

/** Shown while payments run in test mode: Stripe's test cards, so nobody types a real card. */
export function TestModeBanner() {
  const cards = [
    ['Success', TEST_CARDS.success],
    ['Declined', TEST_CARDS.declined],
    ['Insufficient funds', TEST_CARDS.insufficientFunds],
  ] as const;
  return (
    <div
      role="note"
      className="rounded-lg border border-warning/60 bg-warning/10 p-4 text-sm"
      data-testid="test-mode-banner"
    >
      <p className="flex items-center gap-2 font-semibold">
        <FlaskConical className="size-4" aria-hidden /> Test mode: no real charges are made
      </p>
      <ul className="mt-2 grid gap-1 sm:grid-cols-3">
        {cards.map(([what, number]) => (
          <li key={what}>
            <span className="text-muted-foreground">{what}:</span>{' '}
            <code className="font-mono font-medium">{number}</code>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-muted-foreground">Use any future expiry date and any 3-digit CVC.</p>
    </div>
  );
}
