import { analysisKind } from '@contract/analysis-kinds';
import { creditBuys, creditName } from '@contract/credit-names';
import { useUser } from '@/features/auth';
import { cn } from '@/lib/cn';

/** The balance a request spends, named for what it buys; said before the dialog asks for anything (issue 52). */
export function CreditBalanceNote({ kind }: { kind: string }) {
  const { user } = useUser();
  const { credit } = analysisKind(kind);
  const balance = Number((user as Record<string, unknown> | undefined)?.[credit.userField] ?? 0);
  const name = creditName(credit);
  const none = balance < 1;
  return (
    <p
      className={cn(
        'rounded-md border p-3 text-sm',
        none ? 'border-warning/40 bg-warning/10' : 'border-border text-muted-foreground',
      )}
      data-testid="credit-balance-note"
    >
      {none ? (
        <>
          <strong className="text-foreground">0 credits</strong>: this request uses 1 {name.replace(/s$/, '')}{' '}
          ({creditBuys(credit)}). Fill it in: Submit Request takes you to buy one, and what you typed is kept
          to continue after checkout.
        </>
      ) : (
        <>
          <strong className="text-foreground">
            {balance} {balance === 1 ? name.replace(/s$/, '') : name}
          </strong>{' '}
          ({creditBuys(credit)}). This request uses 1.
        </>
      )}
    </p>
  );
}
