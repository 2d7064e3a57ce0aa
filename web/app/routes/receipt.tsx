import { useParams, useSearchParams } from 'react-router';
import { canProcessRequests } from '@contract/access';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { useUser } from '@/features/auth/api/use-user';
import { AuditBadge } from '@/features/audits/components/audit-badge';
import { receiptRevision } from '@contract/measurements';
import { ReceiptView } from '@/features/measurements/components/receipt/receipt-view';
import { paths } from '@/lib/paths';
import NotFound from './not-found';

/** Screen: the evidence receipt of a measured Max Speed (the owner family, analysts, admins). */
export default function ReceiptRoute() {
  const requestId = Number(useParams().requestId);
  const [search, setSearch] = useSearchParams();
  const { user } = useUser();
  const revision = receiptRevision(search);
  if (!Number.isInteger(requestId) || requestId <= 0) return <NotFound />;
  return (
    <div className="space-y-4">
      <Breadcrumb items={[{ label: 'Dashboard', to: paths.home }, { label: 'Max Speed receipt' }]} />
      <AuditBadge requestId={requestId} />
      <ReceiptView
        requestId={requestId}
        revision={revision}
        onRevision={(r) => setSearch(r ? { revision: String(r) } : {}, { replace: true })}
        canCorrect={canProcessRequests(user?.role)}
      />
    </div>
  );
}
