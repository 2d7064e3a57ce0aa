import { billingApi } from '@contract/api/billing';
import type { WebhookDebug } from '@contract/billing';

const FALLBACK = (origin: string): WebhookDebug['endpoints'] =>
  [
    { endpoint: billingApi.webhook, description: 'Stripe webhook (signed events)' },
    { endpoint: billingApi.webhookDebug, description: 'Status (admin)' },
    { endpoint: billingApi.webhookSelfTest, description: 'Webhook self-test (admin)' },
  ].map(({ endpoint, description }) => ({
    method: endpoint.method,
    path: endpoint.path,
    url: `${origin}${endpoint.path}`,
    description,
  }));

export function WebhookEndpointsTab({ data }: { data: WebhookDebug | undefined }) {
  const endpoints = data?.endpoints ?? FALLBACK(window.location.origin);
  return (
    <div className="space-y-4">
      <ul className="space-y-2">
        {endpoints.map((e) => (
          <li key={e.path} className="rounded-md border p-3 text-sm">
            <p>
              <span className="mr-2 rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{e.method}</span>
              <code className="break-all">{e.url}</code>
            </p>
            <p className="mt-1 text-muted-foreground">{e.description}</p>
          </li>
        ))}
      </ul>
      {data && (
        <div className="text-sm">
          <p className="font-medium">Events to send to the webhook</p>
          <p className="text-muted-foreground">{data.events.handled.join(', ')}</p>
        </div>
      )}
    </div>
  );
}
