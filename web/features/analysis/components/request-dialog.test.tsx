import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { NO_IGA_CREDIT, NO_SPEED_CREDIT, TURNAROUND_TEXT } from '@contract/analysis';
import { analysisApi } from '@contract/api/analysis';
import { HUDL_VIDEO_ONLY, HUDL_VIDEO_OR_CLIP, PLAY_SOURCE_MISSING } from '@contract/hudl-links';
import { authApi } from '@contract/api/auth';
import { videosApi } from '@contract/api/videos';
import { aPlayer, aUser, emptyVideoList } from '@/test/data';
import { findToast, renderWithProviders } from '@/test/render';
import { failure, server } from '@/test/server';
import { mock } from '@/test/mock';
import { userKeys } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { RequestDialog } from './request-dialog';

function renderDialog(
  kind: 'max_speed' | 'iga',
  credits: { credits?: number; igaCredits?: number } = {},
  hudlUrl = 'https://www.hudl.com/profile/1',
) {
  server.use(
    mock(authApi.user, () => HttpResponse.json(aUser(credits))),
    mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: 7 }),
  );
  const player = aPlayer({ hudlUrl });
  return renderWithProviders(
    <Routes>
      <Route path="/players/7" element={<RequestDialog kind={kind} playerId={7} player={player} />} />
      <Route path="/subscriptions" element={<h1>Plans page</h1>} />
    </Routes>,
    { path: '/players/7' },
  );
}

/** The balance arrives with the user: wait for it as the page would have it. */
const signedIn = () => waitFor(() => expect(queryClient.getQueryData(userKeys.current)).toBeTruthy());

async function fillSpeedRequest(ui: ReturnType<typeof renderDialog>['ui']) {
  await ui.click(await screen.findByRole('button', { name: 'Request Speed Analysis' }));
  await ui.type(await screen.findByLabelText('Hudl Video URL'), 'https://www.hudl.com/video/3/1/abc');
  await ui.type(screen.getByLabelText('Mins and Secs (i.e. 00:23) to start measuring'), '00:23');
}

describe('the request dialog (speed and IGA, one component)', () => {
  it('sends a speed request and says when to expect the result', async () => {
    let body: unknown;
    server.use(
      mock(analysisApi.create, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const { ui } = renderDialog('max_speed');
    await fillSpeedRequest(ui);
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    await findToast('Request Submitted');
    expect(screen.getByText(TURNAROUND_TEXT)).toBeVisible();
    expect(body).toMatchObject({
      hudlUrl: 'https://www.hudl.com/video/3/1/abc',
      startTime: '00:23',
      positionId: 1,
      playerId: 7,
      requestType: 'max_speed',
    });
  });

  it("recognises a missing credit by the server's code and sends the family to the plans page", async () => {
    // The balance read when the page opened still showed a credit; the server knows better.
    server.use(mock(analysisApi.create, failure(402, 'Not enough', 'INSUFFICIENT_CREDITS')));
    const { ui } = renderDialog('max_speed', { credits: 1 });
    await fillSpeedRequest(ui);
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('heading', { name: 'Plans page' })).toBeVisible();
    expect(screen.getByText('Insufficient Speed Analysis Credits')).toBeVisible();
    expect(screen.getByText(NO_SPEED_CREDIT)).toBeVisible();
    expect(screen.queryByText('Not enough')).not.toBeInTheDocument();
  });

  it("toasts any other failure once, with the kind's fallback when the server gives no message", async () => {
    server.use(mock(analysisApi.create, failure(500, '')));
    const { ui } = renderDialog('max_speed');
    await fillSpeedRequest(ui);
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    await findToast('Failed to submit request');
    expect(screen.getAllByText('Failed to submit request')).toHaveLength(1);
    // The dialog stays open for another try.
    expect(screen.getByRole('dialog', { name: 'Request Speed Analysis' })).toBeVisible();
  });

  it('checks the IGA balance as the dialog opens', async () => {
    const { ui } = renderDialog('iga', { igaCredits: 0 });
    await signedIn();
    await ui.click(await screen.findByRole('button', { name: 'Request IGA Score' }));
    expect(await screen.findByRole('heading', { name: 'Plans page' })).toBeVisible();
    expect(screen.getByText('Insufficient IGA Credits')).toBeVisible();
    expect(screen.getByText(NO_IGA_CREDIT)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends an IGA request from the prefilled Hudl video link, without empty notes, and spending the last credit is no refusal', async () => {
    let body: Record<string, unknown> = {};
    const { ui } = renderDialog('iga', { igaCredits: 1 }, 'https://www.hudl.com/video/3/1/reel');
    server.use(
      mock(analysisApi.createIga, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        // From now on the balance the header reads again is empty.
        server.use(mock(authApi.user, () => HttpResponse.json(aUser({ igaCredits: 0 }))));
        return HttpResponse.json({ id: 2 }, { status: 201 });
      }),
    );
    await signedIn();
    await ui.click(await screen.findByRole('button', { name: 'Request IGA Score' }));
    expect(await screen.findByRole('dialog', { name: 'Request IGA Score' })).toBeVisible();
    expect(await screen.findByLabelText('Hudl Video URL')).toHaveValue('https://www.hudl.com/video/3/1/reel');
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    await findToast('IGA Score Request Submitted');
    expect(body).toEqual({
      hudlUrl: 'https://www.hudl.com/video/3/1/reel',
      season: new Date().getFullYear(),
      positionId: 1,
      playerId: 7,
    });
    // Spending the last credit empties the balance: the family stays on the page.
    await waitFor(() => expect(queryClient.getQueryData(userKeys.current)).toMatchObject({ igaCredits: 0 }));
    expect(screen.queryByRole('heading', { name: 'Plans page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request IGA Score' })).toBeVisible();
  });
});

describe('the request dialog takes only what an analyst can measure (issue 27 item 2)', () => {
  it("does not prefill the player's profile page, and says under the field what to give instead; nothing is sent", async () => {
    let sent = 0;
    server.use(
      mock(analysisApi.createIga, () => {
        sent++;
        return HttpResponse.json({ id: 2 }, { status: 201 });
      }),
    );
    const { ui } = renderDialog('iga', { igaCredits: 1 });
    await signedIn();
    await ui.click(await screen.findByRole('button', { name: 'Request IGA Score' }));
    const link = await screen.findByLabelText('Hudl Video URL');
    expect(link).toHaveValue('');
    await ui.type(link, 'https://www.hudl.com/profile/1');
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(HUDL_VIDEO_ONLY)).toBeVisible();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    await ui.clear(link);
    await ui.type(link, 'https://www.youtube.com/watch?v=LJNfHqRRhBI');
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(HUDL_VIDEO_ONLY)).toBeVisible();
    expect(sent).toBe(0);
  });

  it('a speed request needs a Hudl video link or a clip: a profile page and an empty field are refused before sending', async () => {
    let sent = 0;
    server.use(
      mock(analysisApi.create, () => {
        sent++;
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const { ui } = renderDialog('max_speed');
    await ui.click(await screen.findByRole('button', { name: 'Request Speed Analysis' }));
    const link = await screen.findByLabelText('Hudl Video URL');
    await ui.type(screen.getByLabelText('Mins and Secs (i.e. 00:23) to start measuring'), '00:23');
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(PLAY_SOURCE_MISSING)).toBeVisible();
    await ui.type(link, 'https://www.hudl.com/profile/1');
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(HUDL_VIDEO_OR_CLIP)).toBeVisible();
    expect(sent).toBe(0);
  });

  it("shows the server's field message under the link too", async () => {
    server.use(
      mock(analysisApi.create, () =>
        HttpResponse.json(
          { message: 'Validation failed', code: 'VALIDATION_ERROR', errors: { hudlUrl: HUDL_VIDEO_OR_CLIP } },
          { status: 400 },
        ),
      ),
    );
    const { ui } = renderDialog('max_speed');
    await fillSpeedRequest(ui);
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(HUDL_VIDEO_OR_CLIP)).toBeVisible();
    expect(screen.getByLabelText('Hudl Video URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Request Speed Analysis' })).toBeVisible();
  });

  it('holds no form while closed; after a cancel, the next opening starts from the defaults again', async () => {
    const { ui } = renderDialog('max_speed');
    await screen.findByRole('button', { name: 'Request Speed Analysis' });
    expect(document.querySelector('form')).toBeNull();
    expect(screen.queryByLabelText('Hudl Video URL')).not.toBeInTheDocument();
    await fillSpeedRequest(ui);
    expect(screen.getByLabelText('Hudl Video URL')).toHaveValue('https://www.hudl.com/video/3/1/abc');
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('form')).toBeNull());
    await ui.click(screen.getByRole('button', { name: 'Request Speed Analysis' }));
    expect(await screen.findByLabelText('Mins and Secs (i.e. 00:23) to start measuring')).toHaveValue('');
    expect(screen.getByLabelText('Hudl Video URL')).toHaveValue('');
  });
});
