import { Link } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { formatSpeed } from '@contract/measurement-math';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

interface MeasuredSpeedProps {
  mph: number;
  /** Null for a speed typed before measurements existed: it shows without a bound or receipt. */
  plusMinus: number | null | undefined;
  methodLabel?: string | null;
  /** The analysis request whose receipt backs the number. */
  requestId?: number | null;
  /** 'inline' for tiles and tables; 'stack' puts the method label under the number. */
  layout?: 'inline' | 'stack';
  className?: string;
}

/** '21.3 mph ± 0.4', its method and a link to the receipt: a measured value travels with its evidence. */
export function MeasuredSpeed({
  mph,
  plusMinus,
  methodLabel,
  requestId,
  layout = 'stack',
  className,
}: MeasuredSpeedProps) {
  const measured = plusMinus !== null && plusMinus !== undefined;
  // Breaks, if it must, before the bound: '22.7 mph' / '± 0.9', never inside either.
  const [value, bound] = formatSpeed(mph, plusMinus).split(' ± ');
  return (
    <span
      className={cn(
        layout === 'stack'
          ? 'inline-grid justify-items-center gap-0.5'
          : 'inline-flex flex-wrap items-baseline gap-x-2',
        className,
      )}
      data-testid="measured-speed"
    >
      <span className="tabular-nums">
        <span className="whitespace-nowrap">{value}</span>
        {bound && (
          <>
            {' '}
            <span className="whitespace-nowrap">± {bound}</span>
          </>
        )}
      </span>
      {measured && <SpeedEvidence methodLabel={methodLabel} requestId={requestId} />}
    </span>
  );
}

/** The method label and the receipt link of a measured speed shown elsewhere in large type. */
export function SpeedEvidence({
  methodLabel,
  requestId,
  className,
}: Pick<MeasuredSpeedProps, 'methodLabel' | 'requestId' | 'className'>) {
  return (
    <>
      {methodLabel && (
        <span className={cn('text-xs font-normal text-muted-foreground', className)}>{methodLabel}</span>
      )}
      {requestId && (
        <Link
          to={paths.receipt(requestId)}
          className={cn(
            'inline-flex items-center gap-1 text-xs font-normal text-primary underline-offset-2 hover:underline',
            className,
          )}
        >
          <ReceiptText className="size-3" aria-hidden /> Receipt
        </Link>
      )}
    </>
  );
}
