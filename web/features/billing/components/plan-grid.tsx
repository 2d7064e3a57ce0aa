import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export function PlanGrid({
  title,
  loading,
  children,
}: {
  title: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <section className="space-y-4" aria-label={title}>
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {loading
          ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-96 rounded-lg" />)
          : children}
      </div>
    </section>
  );
}
