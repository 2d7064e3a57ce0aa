import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { analysisApi } from '@contract/api/analysis';
import { authApi } from '@contract/api/auth';
import { playersApi } from '@contract/api/players';
import { videosApi } from '@contract/api/videos';
import { analysisKind, registerAnalysisKind, SPEED_CREDIT } from '@contract/analysis-kinds';
import { aPlayer, aUser } from '@/test/data';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { FilmedRequestDialog } from './filmed-request-dialog';

const SHORT =
  'This clip has about 24 frames a second; a verified broad jump needs at least 100. Film at 120 or 240 fps.';

// A kind measured from a clip's frames registered only here (decision 263): the one dialog serves it from
// its entry's words, as it serves the 40 and the vertical jump.
let unregister: () => void;
beforeEach(() => {
  unregister = registerAnalysisKind({
    ...analysisKind('vertical_jump'),
    key: 'broad_jump',
    label: 'Verified Broad Jump',
    credit: SPEED_CREDIT,
    search: undefined,
    filmed: {
      idPrefix: 'broad',
      subject: 'the broad jump',
      intro: 'An analyst marks the take-off and the landing on your video.',
      filming: ['Phone at ground level, square to the landing mark.', 'Both feet in view at the landing.'],
      clipRequired: 'Upload the clip of the broad jump with the request',
      clipNotReady: 'This clip is not ready for a verified broad jump: {problems}',
      measurementRequired: 'Mark the take-off and the landing',
    },
  });
});
afterEach(() => unregister());

function render(ready: boolean) {
  const sent: unknown[] = [];
  server.use(
    mock(authApi.user, () => HttpResponse.json(aUser({ credits: 2 }))),
    mock(playersApi.get, () => HttpResponse.json(aPlayer({ id: 7 })), { id: 7 }),
    mock(
      videosApi.readiness,
      () =>
        HttpResponse.json({
          kinds: { broad_jump: ready ? { ready: true, problems: [] } : { ready: false, problems: [SHORT] } },
        }),
      { id: 41 },
    ),
    mock(analysisApi.create, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
  const view = renderWithProviders(
    <FilmedRequestDialog
      kind="broad_jump"
      playerId={7}
      player={aPlayer({ id: 7 })}
      draft={{ videoId: 41 }}
    />,
  );
  return { ...view, sent };
}

describe('the request dialog of a kind measured from a clip (decision 263)', () => {
  it("says the kind's label, its filming guide and its clip's field, from its entry", async () => {
    const { ui } = render(true);
    await ui.click(await screen.findByRole('button', { name: 'Verified Broad Jump' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a Verified Broad Jump' });
    expect(dialog).toHaveTextContent('An analyst marks the take-off and the landing on your video. Uses 1');
    const guide = within(dialog).getByRole('list', { name: 'How to film the broad jump' });
    expect(
      within(guide)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Phone at ground level, square to the landing mark.', 'Both feet in view at the landing.']);
    expect(await within(dialog).findByText('The clip of the broad jump')).toBeVisible();
  });

  it("sends the kind's requestType with the kept clip, and says the kind's title when it is sent", async () => {
    const { ui, sent } = render(true);
    await ui.click(await screen.findByRole('button', { name: 'Verified Broad Jump' }));
    await ui.click(await screen.findByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Verified Broad Jump Request Submitted')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ requestType: 'broad_jump', playerId: 7, videoId: 41 })]);
  });

  it("refuses a clip its check finds not ready, with the kind's words and what the check found", async () => {
    const { ui, sent } = render(false);
    await ui.click(await screen.findByRole('button', { name: 'Verified Broad Jump' }));
    await ui.click(await screen.findByRole('button', { name: 'Submit Request' }));
    expect(
      await screen.findByText(`This clip is not ready for a verified broad jump: ${SHORT}`),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
