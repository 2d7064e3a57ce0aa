import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export type CardProps = { title: string; description: string; icon: ComponentType<{ className?: string }> };

/** The shell every reporting card shares: title, description and icon, then its figures. */
export function MetricCard({
  title,
  description,
  icon: Icon,
  testId,
  children,
}: CardProps & { testId: string; children: ReactNode }) {
  return (
    // min-w-0: a wide table scrolls inside its card instead of widening the page on a phone.
    <Card data-testid={testId} className="min-w-0">
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0 pb-2">
        <div className="space-y-1">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Icon className="size-5 text-muted-foreground" />
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
