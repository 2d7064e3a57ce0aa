import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { billingApi } from '@contract/api/billing';
import { videosApi } from '@contract/api/videos';
import { aUser } from '@/test/data';
import { mock } from '@/test/mock';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/** The download page checks the file with HEAD before it opens the frame: answer that with `status`. */
const headAnswers = (status: number) =>
  server.use(http.head(videosApi.download.path, () => new HttpResponse(null, { status })));

describe('diagnostics pages say why, and the way back (issue 27 item 11)', () => {
  it('webhook diagnostics signed out: a clear message with Sign in and a way home, not a bare error', async () => {
    server.use(
      mock(billingApi.webhookDebug, () =>
        HttpResponse.json({ error: 'Unauthorized', message: 'Not authenticated' }, { status: 401 }),
      ),
    );
    renderApp('/webhook-debug', { user: null });
    const notice = await screen.findByTestId('sign-in-notice');
    expect(notice).toHaveTextContent('You are signed out');
    expect(within(notice).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth-page?next=%2Fwebhook-debug',
    );
    expect(within(notice).getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    // The specification's status line stays, now beside the notice that says what to do.
    expect(await screen.findByText('Error fetching webhook status: Not authenticated')).toBeVisible();
  });

  it('video download signed out: the page says so, and a refused download says why with a Sign in link', async () => {
    headAnswers(401);
    const { ui } = renderApp('/test-video-download', { user: null });
    expect(await screen.findByTestId('sign-in-notice')).toHaveTextContent(
      'Sign in with an admin account to download stored videos.',
    );
    await ui.click(screen.getByRole('button', { name: 'Download Video' }));
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(
      'You are signed out. Sign in with an admin account to download videos.',
    );
    expect(within(problem).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth-page?next=%2Ftest-video-download',
    );
    expect(document.querySelector('[data-testid="download-frame"]')).toBeNull();
  });

  it('video download with an unknown id names the id', async () => {
    headAnswers(404);
    const { ui } = renderApp('/test-video-download', { user: aUser({ role: 'admin' }) });
    const id = await screen.findByLabelText('Video ID');
    await ui.clear(id);
    await ui.type(id, '999');
    await ui.click(screen.getByRole('button', { name: 'Download Video' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no stored video with ID 999.');
    expect(screen.queryByTestId('sign-in-notice')).toBeNull();
  });
});
