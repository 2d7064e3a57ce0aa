import { Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { analysisKinds } from '@contract/analysis-kinds';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Spinner } from '@/components/ui/spinner';
import { kindViews } from '@/features/measurements';
import { paths } from '@/lib/paths';
import NotFound from './not-found';

/**
 * Screen: the evidence receipt of a result kept by kind (the owner family, analysts, admins), at the
 * kind's `receiptPage`, showing the receipt view the kind registered (decision 271).
 */
export default function KindReceiptRoute() {
  const requestId = Number(useParams().requestId);
  const { pathname } = useLocation();
  const kind = analysisKinds().find((k) => k.receiptPage && pathname.startsWith(`${k.receiptPage}/`));
  const receipt = kind && kindViews(kind.key)?.receipt;
  if (!receipt || !Number.isInteger(requestId) || requestId <= 0) return <NotFound />;
  return (
    <div className="space-y-4">
      <Breadcrumb items={[{ label: 'Dashboard', to: paths.home }, { label: receipt.title }]} />
      <Suspense fallback={<Spinner />}>
        <receipt.View requestId={requestId} />
      </Suspense>
    </div>
  );
}
