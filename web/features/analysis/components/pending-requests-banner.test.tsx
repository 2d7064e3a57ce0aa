import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { analysisApi } from '@contract/api/analysis';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import { PendingRequestsBanner } from './pending-requests-banner';

describe('the pending requests banner (issue 52 item 7)', () => {
  it('counts a 40 in the total and in a column of its own, from the kinds registry', async () => {
    server.use(
      mock(analysisApi.pending, () =>
        HttpResponse.json({
          total: 3,
          pendingCount: 3,
          iga: 1,
          igaPendingCount: 1,
          speed: 1,
          speedPendingCount: 1,
          byKind: { max_speed: 1, iga: 1, forty: 1 },
        }),
      ),
    );
    renderWithProviders(<PendingRequestsBanner playerId={7} />);
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('You have 3 pending analysis request(s)');
    const columns = within(banner)
      .getAllByText(/: \d+$/)
      .map((b) => b.textContent);
    expect(columns).toEqual(['IGA Score: 1', 'Max Speed: 1', 'Verified 40: 1']);
  });

  it('shows the two columns of the specification when only they have requests', async () => {
    server.use(
      mock(analysisApi.pending, () =>
        HttpResponse.json({
          total: 2,
          pendingCount: 2,
          iga: 0,
          igaPendingCount: 0,
          speed: 2,
          speedPendingCount: 2,
          byKind: { max_speed: 2, iga: 0, forty: 0 },
        }),
      ),
    );
    renderWithProviders(<PendingRequestsBanner playerId={7} />);
    const banner = await screen.findByRole('status');
    expect(within(banner).getByText('IGA Score: 0')).toBeVisible();
    expect(within(banner).getByText('Max Speed: 2')).toBeVisible();
    expect(within(banner).queryByText(/Verified 40/)).toBeNull();
  });
});
