import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { AuditReportTable } from '@/features/audits/components/audit-report-table';
import { AuditSettingsForm } from '@/features/audits/components/audit-settings-form';
import { FlaggedAudits } from '@/features/audits/components/flagged-audits';

/** Screen: the second-analyst audit for admins: the rate, disagreements to resolve, and how analysts agree. */
export default function AdminAuditsRoute() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Measurement audits"
        subtitle="A share of measured speeds is measured again, blind, by a different analyst."
      />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Disagreements</CardTitle>
        </CardHeader>
        <CardContent>
          <FlaggedAudits />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Agreement by analyst</CardTitle>
        </CardHeader>
        <CardContent>
          <AuditReportTable />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Settings</CardTitle>
        </CardHeader>
        <CardContent>
          <AuditSettingsForm />
        </CardContent>
      </Card>
    </div>
  );
}
