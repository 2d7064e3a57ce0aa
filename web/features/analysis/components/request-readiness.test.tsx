import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { analysisApi } from '@contract/api/analysis';
import { authApi } from '@contract/api/auth';
import { playersApi } from '@contract/api/players';
import { videosApi } from '@contract/api/videos';
import { aPlayer, aUser, aVideo, emptyVideoList } from '@/test/data';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import { ContinueRequestBanner } from './continue-request-banner';
import { readRequestDraft, saveRequestDraft } from './request-draft';
import { RequestDialog } from './request-dialog';

const clip = aVideo({ id: 41, playerId: 7, status: 'ready' });
const TOO_FEW =
  'This clip has about 24 frames a second; a verified Max Speed needs at least 25. Film at the highest frame rate your phone offers: at least 30 fps, 60 or more for a tighter ±.';

function renderDialog(credits: number, ready: boolean, path = '/players/7') {
  let sent = 0;
  server.use(
    mock(authApi.user, () => HttpResponse.json(aUser({ credits }))),
    mock(playersApi.get, () => HttpResponse.json(aPlayer({ id: 7, hudlUrl: null })), { id: 7 }),
    mock(videosApi.list, () => HttpResponse.json({ ...emptyVideoList(), videos: [clip] }), { playerId: 7 }),
    mock(
      videosApi.readiness,
      () =>
        HttpResponse.json({
          kinds: {
            max_speed: ready ? { ready: true, problems: [] } : { ready: false, problems: [TOO_FEW] },
            forty: { ready: false, problems: [TOO_FEW] },
          },
        }),
      { id: 41 },
    ),
    mock(analysisApi.create, () => {
      sent += 1;
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
  const view = renderWithProviders(
    <Routes>
      <Route
        path="/players/7"
        element={<RequestDialog kind="max_speed" playerId={7} player={aPlayer({ hudlUrl: null })} />}
      />
      <Route path="/subscriptions" element={<ContinueRequestBanner />} />
    </Routes>,
    { path },
  );
  return { ...view, sent: () => sent };
}

async function fill(ui: ReturnType<typeof renderDialog>['ui']) {
  await ui.click(await screen.findByRole('button', { name: 'Request Speed Analysis' }));
  await ui.type(await screen.findByLabelText('Hudl Video URL'), 'https://www.hudl.com/video/3/1/abc');
  await ui.type(screen.getByLabelText('Mins and Secs (i.e. 00:23) to start measuring'), '00:23');
  await ui.selectOptions(screen.getByLabelText('Source video (optional)'), '41');
}

describe('readiness and credits in the speed request dialog (issue 52)', () => {
  it('shows what a chosen clip lacks, and sends nothing for a clip that is not ready', async () => {
    const { ui, sent } = renderDialog(2, false);
    await fill(ui);
    expect(await screen.findByText('Not ready for a verified Max Speed')).toBeVisible();
    expect(screen.getByText(TOO_FEW)).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This clip cannot give a verified Max Speed');
    expect(sent()).toBe(0);
  });

  it("says '0 credits' before asking for the link, keeps what was typed, and the plans page continues it", async () => {
    sessionStorage.clear();
    const { ui, sent } = renderDialog(0, true);
    await ui.click(await screen.findByRole('button', { name: 'Request Speed Analysis' }));
    const note = await screen.findByTestId('credit-balance-note');
    expect(note).toHaveTextContent(/^0 credits: this request uses 1 Speed credit \(Max Speed(, | or )40/);
    // Said before the link is asked for.
    expect(note.compareDocumentPosition(screen.getByLabelText('Hudl Video URL'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));
    await fill(ui);
    expect(await screen.findByText('Ready for a verified Max Speed')).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    // Sent to the plans page, the request kept.
    expect(await screen.findByTestId('continue-request')).toBeVisible();
    expect(sent()).toBe(0);
    expect(readRequestDraft()).toMatchObject({
      kind: 'max_speed',
      playerId: 7,
      values: { hudlUrl: 'https://www.hudl.com/video/3/1/abc', startTime: '00:23', videoId: 41 },
    });
  });

  it("offers 'Continue your request for <player>' once a credit is bought and reopens the dialog as it was left", async () => {
    sessionStorage.clear();
    saveRequestDraft({
      kind: 'max_speed',
      playerId: 7,
      playerName: 'Jordan Smith',
      values: {
        hudlUrl: 'https://www.hudl.com/video/3/1/abc',
        startTime: '00:23',
        season: 2026,
        positionId: 1,
        videoId: 41,
      },
    });
    const { ui, sent } = renderDialog(1, true, '/subscriptions');
    await ui.click(await screen.findByRole('button', { name: 'Continue your request for Jordan Smith' }));
    expect(await screen.findByLabelText('Hudl Video URL')).toHaveValue('https://www.hudl.com/video/3/1/abc');
    expect(screen.getByLabelText('Mins and Secs (i.e. 00:23) to start measuring')).toHaveValue('00:23');
    await ui.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Request Submitted');
    expect(sent()).toBe(1);
    expect(readRequestDraft()).toBeNull();
  });

  it('a kept vertical jump request reopens in its own dialog, with what was typed', async () => {
    sessionStorage.clear();
    saveRequestDraft({
      kind: 'vertical_jump',
      playerId: 7,
      playerName: 'Jordan Smith',
      values: { season: '2025', notes: 'Countermovement, hands on hips', positionId: 1, videoId: null },
    });
    const { ui } = renderDialog(1, true, '/subscriptions');
    await ui.click(await screen.findByRole('button', { name: 'Continue your request for Jordan Smith' }));
    expect(await screen.findByRole('dialog', { name: /vertical jump/i })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Countermovement, hands on hips')).toBeInTheDocument();
  });
});
