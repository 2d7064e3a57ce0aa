import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { auditReportSchema, type AuditReport } from '@contract/audits';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { AuditReportTable } from './audit-report-table';

const report = (audits: number): AuditReport =>
  auditReportSchema.parse({
    ratePercent: 10,
    pending: 2,
    flagged: 1,
    overall: { audits, meanAbsDiffMph: 0.25, withinBoundsShare: 1 },
    perAnalyst: [],
  });

describe('the audit report', () => {
  it('counts one audit in the singular and more in the plural', async () => {
    server.use(http.get('/api/audits/report', () => HttpResponse.json(report(1))));
    renderWithProviders(<AuditReportTable />);
    expect(await screen.findByTestId('audit-summary')).toHaveTextContent(/^1 audit done · mean/);
  });

  it('says "audits" for several', async () => {
    server.use(http.get('/api/audits/report', () => HttpResponse.json(report(3))));
    renderWithProviders(<AuditReportTable />);
    expect(await screen.findByTestId('audit-summary')).toHaveTextContent(/^3 audits done · mean/);
  });
});
