import { useParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { FortyReceiptView } from '@/features/measurements';
import { paths } from '@/lib/paths';
import NotFound from './not-found';

/** Screen: the evidence receipt of a verified 40 (the owner family, analysts, admins). */
export default function FortyReceiptRoute() {
  const requestId = Number(useParams().requestId);
  if (!Number.isInteger(requestId) || requestId <= 0) return <NotFound />;
  return (
    <div className="space-y-4">
      <Breadcrumb items={[{ label: 'Dashboard', to: paths.home }, { label: 'Verified 40 receipt' }]} />
      <FortyReceiptView requestId={requestId} />
    </div>
  );
}
