import { MeasurementsRecheck } from '@/features/admin/components/measurements-recheck';

/** Screen: the admin's re-check of stored measurements (decision 241). */
export default function AdminRecheckRoute() {
  return <MeasurementsRecheck />;
}
