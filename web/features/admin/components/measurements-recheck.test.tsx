import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { adminApi } from '@contract/api/admin';
import { aUser } from '@/test/data';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';

const admin = aUser({ id: 9, role: 'admin', firstName: 'Ada', lastName: 'Admin' });

describe('the measurements re-check screen (issue 52 item 8)', () => {
  it('starts the re-check, follows it, and lists what it held for an analyst', async () => {
    let started = 0;
    let reads = 0;
    server.use(
      mock(adminApi.startRecheck, () => {
        started += 1;
        return HttpResponse.json({ id: 77, status: 'queued' }, { status: 202 });
      }),
      mock(adminApi.recheck, () => {
        reads += 1;
        return HttpResponse.json(
          reads === 1
            ? { id: 77, status: 'running', error: null, checked: null, held: [] }
            : {
                id: 77,
                status: 'done',
                error: null,
                checked: 12,
                held: [
                  { requestId: 31, kind: 'forty', reasons: ['Wider than ± 0.03 s'] },
                  { requestId: 32, kind: 'max_speed', reasons: ['Wider than ± 0.3 mph'] },
                  { requestId: 33, reasons: ['Wider than its ceiling'] },
                ],
              },
        );
      }),
    );
    const { ui } = renderApp('/admin/recheck', { user: admin });
    await ui.click(await screen.findByRole('button', { name: 'Start re-check' }));
    expect(started).toBe(1);
    const progress = await screen.findByTestId('recheck-progress');
    expect(await within(progress).findByText('Running: checking the stored results')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start re-check' })).toBeDisabled();
    expect(
      await within(progress).findByText(/Checked 12 verified results; 3 held for an analyst/),
    ).toBeVisible();
    // Each held request links to its kind's receipt screen (decision 271); the answer without a kind, to none.
    expect(within(progress).getByRole('link', { name: 'Request #31' })).toHaveAttribute(
      'href',
      '/forty-receipts/31',
    );
    expect(within(progress).getByRole('link', { name: 'Request #32' })).toHaveAttribute(
      'href',
      '/receipts/32',
    );
    expect(within(progress).getByText(/Request #33/)).toBeVisible();
    expect(within(progress).queryByRole('link', { name: 'Request #33' })).toBeNull();
    expect(within(progress).getByText(/Wider than ± 0.03 s/)).toBeVisible();
  });

  it('shows why a re-check failed', async () => {
    server.use(
      mock(adminApi.recheck, () =>
        HttpResponse.json({ id: 5, status: 'failed', error: 'ffmpeg is missing', checked: null, held: [] }),
      ),
    );
    renderApp('/admin/recheck?job=5', { user: admin });
    expect(await screen.findByText('ffmpeg is missing')).toBeVisible();
    expect(screen.getByText('Failed')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start re-check' })).toBeEnabled();
  });

  it('is reached from the admin menu, with the diagnostics pages', async () => {
    const { ui } = renderApp('/admin/recheck', { user: admin });
    await ui.click(await screen.findByRole('button', { name: 'Admin' }));
    for (const name of [
      'Measurements re-check',
      'Webhook diagnostics',
      'Session diagnostics',
      'Test video download',
    ])
      expect(await screen.findByRole('menuitem', { name })).toBeVisible();
  });
});
