import { useId, useState, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * The evidence an analyst or auditor needs to redo the measurement, closed until asked for: the family
 * reads the summary first (issue 27 item 6). Nothing inside is rendered while it is closed.
 */
export function TechnicalDetails({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Card data-testid="receipt-technical">
      <CardHeader className="pb-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="flex items-center gap-2 self-start rounded-md text-left text-base font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden />
          Technical details
        </button>
        <CardDescription>
          For analysts and auditors: the file, its timing, and every marked frame to check.
        </CardDescription>
      </CardHeader>
      {open && (
        <CardContent id={id} className="grid gap-6 lg:grid-cols-2 lg:items-start">
          {children}
        </CardContent>
      )}
    </Card>
  );
}
