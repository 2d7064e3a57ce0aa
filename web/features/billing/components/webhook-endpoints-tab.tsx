import type { WebhookDebug } from '@contract/billing';

const FALLBACK = (origin: string): WebhookDebug['endpoints'] => [
  {
    method: 'POST',
    path: '/api/webhook/webhooks/stripe',
    url: `${origin}/api/webhook/webhooks/stripe`,
    description: 'Stripe webhook (signed events)',
  },
  {
    method: 'GET',
    path: '/api/webhook/stripe/debug',
    url: `${origin}/api/webhook/stripe/debug`,
    description: 'Status (admin)',
  },
  {
    method: 'POST',
    path: '/api/webhook/test/stripe',
    url: `${origin}/api/webhook/test/stripe`,
    description: 'Webhook self-test (admin)',
  },
];

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
