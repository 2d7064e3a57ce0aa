import { ReportingDashboard } from '@/features/admin/components/reporting-dashboard';

/** Screen: admin reporting dashboard. */
export default function AdminReportingRoute() {
  return <ReportingDashboard />;
}
