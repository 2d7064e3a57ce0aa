import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { healthSchema, type Health } from '@contract/diagnostics';
import { renderWithProviders } from '@/test/render';
import { HealthInfo } from './health-info';

const health = (over: Partial<Health>): Health =>
  healthSchema.parse({
    status: 'ok',
    version: '1.0.0',
    environment: 'production',
    database: { connected: true, message: 'Connected' },
    corsSettings: { origin: '', methods: [], credentials: false },
    session: {
      name: '',
      secret: 'set',
      trustProxy: false,
      cookie: { secure: false, httpOnly: false, sameSite: '', maxAge: 0, path: '' },
    },
    ...over,
  });

describe('the health information (issue 50)', () => {
  it("shows an admin the job queue per lane and whether the other instances' writes are heard", () => {
    renderWithProviders(
      <HealthInfo
        data={health({
          status: 'error',
          writes: { heard: false, message: 'Not hearing' },
          jobs: {
            short: { queued: 0, running: 1, oldestQueuedAt: null },
            long: { queued: 7, running: 1, oldestQueuedAt: '2026-11-29T03:00:00.000Z' },
          },
        })}
      />,
    );
    expect(screen.getByText('Not heard')).toBeInTheDocument();
    expect(screen.getByText('Job queue')).toBeInTheDocument();
    expect(screen.getByText('0 queued, 1 running')).toBeInTheDocument();
    expect(screen.getByText(/^7 queued, 1 running; oldest queued /)).toBeInTheDocument();
  });

  it('shows no queue to anyone else', () => {
    renderWithProviders(<HealthInfo data={health({})} />);
    expect(screen.queryByText('Job queue')).not.toBeInTheDocument();
  });
});
