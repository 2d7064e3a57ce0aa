import { useQuery } from '@tanstack/react-query';
import { SignInNotice } from '@/components/sign-in-notice';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/api/use-user';
import { webhookDebugQueryOptions } from '@/features/billing/api/webhook-debug';
import { WebhookEndpointsTab } from '@/features/billing/components/webhook-endpoints-tab';
import { WebhookStatusTab } from '@/features/billing/components/webhook-status-tab';
import { WebhookTestTab } from '@/features/billing/components/webhook-test-tab';
import { paths } from '@/lib/paths';

/** Screen: webhook diagnostics (admin; signed out, the page says so and links to sign-in). */
export default function WebhookDebugRoute() {
  const { user, isLoading } = useUser();
  const q = useQuery(webhookDebugQueryOptions);
  // Signed in, the app layout already frames the page; signed out it stands alone.
  return (
    <div className={user ? 'space-y-4' : 'mx-auto w-full max-w-5xl space-y-4 px-4 py-6 sm:px-6'}>
      <PageHeader
        title="Webhook Diagnostics"
        subtitle="Stripe webhook configuration, self-test and endpoints"
      />
      {!user && !isLoading && (
        <SignInNotice what="see the webhook status, tests and endpoints" returnTo={paths.webhookDebug} />
      )}
      {
        <Tabs defaultValue="status">
          <TabsList>
            <TabsTrigger value="status">Status</TabsTrigger>
            <TabsTrigger value="tests">Test Results</TabsTrigger>
            <TabsTrigger value="endpoints">Endpoints</TabsTrigger>
          </TabsList>
          <TabsContent value="status">
            {q.isLoading && <Skeleton className="h-48 w-full" />}
            {q.isError && (
              <p role="alert" className="text-destructive">
                Error fetching webhook status: {q.error.message}
              </p>
            )}
            {q.data && <WebhookStatusTab data={q.data} />}
          </TabsContent>
          <TabsContent value="tests">
            <WebhookTestTab />
          </TabsContent>
          <TabsContent value="endpoints">
            <WebhookEndpointsTab data={q.data} />
          </TabsContent>
        </Tabs>
      }
    </div>
  );
}
