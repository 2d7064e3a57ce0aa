import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({
  className,
  size = 'md',
  label = 'Loading',
}: {
  className?: string;
  size?: keyof typeof SIZES;
  label?: string;
}) {
  return (
    <span
      role="status"
      aria-live="polite"
      className={cn('inline-flex items-center justify-center', className)}
    >
      <LoaderCircle className={cn('animate-spin text-muted-foreground', SIZES[size])} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
