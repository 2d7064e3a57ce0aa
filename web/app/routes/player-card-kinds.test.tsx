import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { analysisKind, registerAnalysisKind } from '@contract/analysis-kinds';
import { fortyApi } from '@contract/api/forty';
import { measurementsApi } from '@contract/api/measurements';
import { playersApi } from '@contract/api/players';
import { sharingApi } from '@contract/api/sharing';
import { verticalJumpApi } from '@contract/api/vertical-jump';
import { videosApi } from '@contract/api/videos';
import { aPlayer, emptyVideoList } from '@/test/data';
import { mock } from '@/test/mock';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

// A test-only fifth kind, kept in kind_receipts like the vertical jump: the card's tiles loop over the
// kinds' best results (decision 263) and name none.
let unregister: () => void;
beforeEach(() => {
  unregister = registerAnalysisKind({
    ...analysisKind('vertical_jump'),
    key: 'standing_reach',
    label: 'Verified Standing Reach',
    metricLabel: 'Standing reach',
    search: undefined,
    filmed: undefined,
    resultsApi: undefined,
    receiptPage: undefined,
  });
});
afterEach(() => unregister());

const best = (kind: string, requestId: number, value: number, plusMinus: number, method: string) => ({
  kind,
  requestId,
  value,
  plusMinus,
  method,
  season: 2026,
  completedAt: '2026-05-02T12:00:00.000Z',
});

describe("the player card's tiles of the kinds kept in kind_receipts", () => {
  it('shows the vertical jump with its receipt link and a test-only fifth kind, each from its entry', async () => {
    const id = 7;
    server.use(
      mock(playersApi.get, () => HttpResponse.json(aPlayer({ id })), { id }),
      mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: id }),
      mock(sharingApi.resultPercentiles, () => HttpResponse.json([]), { id }),
      mock(fortyApi.results, () => HttpResponse.json([]), { id }),
      mock(verticalJumpApi.results, () => HttpResponse.json([]), { id }),
      mock(
        measurementsApi.kindBests,
        () =>
          HttpResponse.json([
            best('vertical_jump', 31, 26.4, 0.3, 'verified vertical, video 240 fps'),
            best('standing_reach', 32, 101.5, 0.5, 'verified reach, video 120 fps'),
          ]),
        { id },
      ),
    );
    renderApp(`/players/${id}`);
    const jump = await screen.findByTestId('best-vertical_jump');
    expect(jump.closest('.col-span-2')).toHaveTextContent(/^Vertical jump/);
    expect(jump).toHaveTextContent('26.4 in ± 0.3');
    expect(jump).toHaveTextContent('verified vertical, video 240 fps');
    expect(within(jump).getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/vertical-receipts/31',
    );
    const reach = screen.getByTestId('best-standing_reach');
    expect(reach.closest('.col-span-2')).toHaveTextContent(/^Standing reach/);
    expect(reach).toHaveTextContent('101.5 in ± 0.5');
    // No receipt screen is registered for it: no link to a screen that does not exist.
    expect(within(reach).queryByRole('link', { name: 'Receipt' })).toBeNull();
  });
});
