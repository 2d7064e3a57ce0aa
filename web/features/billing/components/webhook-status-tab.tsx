import type { WebhookDebug } from '@contract/billing';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const YesNo = ({ v }: { v: boolean }) => (
  <Badge variant={v ? 'success' : 'muted'}>{v ? 'present' : 'absent'}</Badge>
);

function Rows({ entries }: { entries: [string, React.ReactNode][] }) {
  return (
    <dl className="divide-y text-sm">
      {entries.map(([k, v]) => (
        <div key={k} className="flex items-center justify-between gap-4 py-2">
          <dt className="break-all font-mono text-xs sm:text-sm">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function WebhookStatusTab({ data }: { data: WebhookDebug }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Configuration</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows
            entries={[
              [
                'Mode',
                <Badge key="m" variant={data.config.mode === 'TEST' ? 'warning' : 'success'}>
                  {data.config.mode}
                </Badge>,
              ],
              ['Provider', data.config.provider === 'test-mode' ? 'Built-in test mode' : 'Stripe'],
              ['Webhook secret', <YesNo key="s" v={data.config.hasWebhookSecret} />],
              ['Webhook secret source', data.config.webhookSecretSource],
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Environment</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows
            entries={[
              ...Object.entries(data.environment.env).map(
                ([k, v]) => [k, <YesNo key={k} v={v} />] as [string, React.ReactNode],
              ),
              ...Object.entries(data.environment.mountedSecrets).map(
                ([k, v]) => [k, <YesNo key={k} v={v} />] as [string, React.ReactNode],
              ),
            ]}
          />
          {data.environment.error && (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {data.environment.error}
            </p>
          )}
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">Recent events</CardTitle>
        </CardHeader>
        <CardContent>
          {data.events.recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">No events received yet.</p>
          ) : (
            <Rows
              entries={data.events.recent.map((e) => [
                e.id,
                <span key={e.id} className="text-sm">
                  {e.type}
                </span>,
              ])}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
