import { useParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { VerticalReceiptView } from '@/features/measurements';
import { paths } from '@/lib/paths';
import NotFound from './not-found';

/** Screen: the evidence receipt of a verified vertical jump (the owner family, analysts, admins). */
export default function VerticalReceiptRoute() {
  const requestId = Number(useParams().requestId);
  if (!Number.isInteger(requestId) || requestId <= 0) return <NotFound />;
  return (
    <div className="space-y-4">
      <Breadcrumb
        items={[{ label: 'Dashboard', to: paths.home }, { label: 'Verified vertical jump receipt' }]}
      />
      <VerticalReceiptView requestId={requestId} />
    </div>
  );
}
