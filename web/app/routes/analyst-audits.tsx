import { PageHeader } from '@/components/ui/page-header';
import { AuditQueue } from '@/features/audits/components/audit-queue';

/** Screen: blind second measurements waiting for this analyst. */
export default function AnalystAuditsRoute() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Audits"
        subtitle="Completed Max Speed results sent back for a second, blind measurement by a different analyst."
      />
      <AuditQueue />
    </div>
  );
}
