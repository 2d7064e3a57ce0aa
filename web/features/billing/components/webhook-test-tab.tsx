import { CheckCircle2, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useRunWebhookTest } from '../api/webhook-debug';

export function WebhookTestTab() {
  const run = useRunWebhookTest();
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Sends a signed test event through the real webhook handler, then a duplicate, a wrong signature and a
        stale timestamp.
      </p>
      <Button onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? 'Running...' : 'Run Webhook Test'}
      </Button>
      {run.isError && (
        <p role="alert" className="text-sm text-destructive">
          Error running webhook test: {run.error.message}
        </p>
      )}
      {run.data && (
        <ul className="space-y-2" aria-label="Test results">
          {run.data.results.map((r) => (
            <li key={r.name} className="flex items-start gap-2 rounded-md border p-3 text-sm">
              {r.passed ? (
                <CheckCircle2 className="size-4 shrink-0 text-success" aria-label="passed" />
              ) : (
                <XCircle className="size-4 shrink-0 text-destructive" aria-label="failed" />
              )}
              <div className="min-w-0">
                <p className="font-medium">
                  {r.name} <span className="text-muted-foreground">(HTTP {r.status})</span>
                </p>
                <p className="break-all font-mono text-xs text-muted-foreground">{r.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
