import { Link } from 'react-router';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { useHealth, useSessionDebug } from '../api/diagnostics';
import { HealthInfo } from './health-info';
import { RawJson } from './raw-json';
import { SessionInfo } from './session-info';
import { Tips } from './tips';

function Failure({ message }: { message: string }) {
  return (
    <Card role="alert" className="p-4 text-sm text-destructive">
      {message}
    </Card>
  );
}

/** Session and health diagnostics, for signed-in and signed-out visitors alike. */
export function AuthDebug() {
  const session = useSessionDebug();
  const health = useHealth();
  const refresh = () => void Promise.all([session.refetch(), health.refetch()]);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 px-4 py-6 sm:px-6">
      <Link to={paths.home} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Back to the app
      </Link>
      <PageHeader
        title="Authentication Debug"
        subtitle="What the server sees of this browser's session, and its health"
        actions={
          <Button variant="outline" onClick={refresh}>
            <RefreshCw aria-hidden /> Refresh
          </Button>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {session.isPending ? (
          <Skeleton className="h-96" />
        ) : session.isError ? (
          <Failure message={session.error.message} />
        ) : (
          <SessionInfo data={session.data} />
        )}
        {health.isPending ? (
          <Skeleton className="h-96" />
        ) : health.isError ? (
          <Failure message={health.error.message} />
        ) : (
          <HealthInfo data={health.data} />
        )}
      </div>
      {(session.data || health.data) && (
        <RawJson value={{ session: session.data ?? null, health: health.data ?? null }} />
      )}
      <Tips />
    </div>
  );
}
