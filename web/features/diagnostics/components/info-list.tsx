import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';

export function InfoList({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="divide-y text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-all text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Flag({ on, yes = 'Yes', no = 'No' }: { on: boolean; yes?: string; no?: string }) {
  return <Badge variant={on ? 'success' : 'muted'}>{on ? yes : no}</Badge>;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}
