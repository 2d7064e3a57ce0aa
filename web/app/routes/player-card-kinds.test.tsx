import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { analysisKind, registerAnalysisKind } from '@contract/analysis-kinds';
import { fortyApi } from '@contract/api/forty';
import { measurementsApi } from '@contract/api/measurements';
import { playersApi } from '@contract/api/players';
import { sharingApi } from '@contract/api/sharing';
import { DEFAULT_SHOW } from '@contract/sharing';
import { videosApi } from '@contract/api/videos';
import { PlayerStatsPanel } from '@/features/analysis/components/player-stats-panel';
import { registerKindViews } from '@/features/measurements';
import { aPlayer, emptyVideoList } from '@/test/data';
import { mock } from '@/test/mock';
import { renderApp, renderWithProviders } from '@/test/render';
import { server } from '@/test/server';

// A test-only fifth kind, kept in kind_receipts like the vertical jump: the card's tiles, the stats panel's
// toggles and the receipt screens loop over the kinds (decisions 263, 271) and name none.
const undo: (() => void)[] = [];
const registerReach = (receiptPage?: string) =>
  undo.push(
    registerAnalysisKind({
      ...analysisKind('vertical_jump'),
      key: 'standing_reach',
      label: 'Verified Standing Reach',
      metricLabel: 'Standing reach',
      search: undefined,
      filmed: undefined,
      receiptPage,
    }),
  );
afterEach(() => {
  for (const u of undo.splice(0).reverse()) u();
});

const best = (kind: string, requestId: number, value: number, plusMinus: number, method: string) => ({
  kind,
  requestId,
  value,
  plusMinus,
  method,
  season: 2026,
  completedAt: '2026-05-02T12:00:00.000Z',
});

const id = 7;
/**
 * The card's reads; kind-results answers every kind's best in the one item shape, the 40's splits in `detail`.
 * The share settings and the percentiles are read after the first paint; `sharedRead` says when both were answered,
 * so that a test does not end while they are in flight (MSW fails a request that no handler answers).
 */
function cardAnswers(bests: ReturnType<typeof best>[]) {
  const answered = new Set<string>();
  server.use(
    mock(playersApi.get, () => HttpResponse.json(aPlayer({ id })), { id }),
    mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: id }),
    mock(sharingApi.resultPercentiles, () => HttpResponse.json([]), { id }),
    mock(measurementsApi.kindBests, () => HttpResponse.json(bests), { id }),
    mock(
      sharingApi.get,
      () => {
        answered.add('share');
        return HttpResponse.json({
          enabled: false,
          path: null,
          url: null,
          show: DEFAULT_SHOW,
          viewCount: 0,
          links: null,
        });
      },
      { id },
    ),
    mock(
      sharingApi.percentiles,
      () => {
        answered.add('percentiles');
        return HttpResponse.json([]);
      },
      { id },
    ),
  );
  return { sharedRead: () => waitFor(() => expect([...answered].sort()).toEqual(['percentiles', 'share'])) };
}

describe("the player card's tiles of the kinds kept in kind_receipts", () => {
  beforeEach(() => registerReach());

  it('shows the 40, the vertical jump and a test-only fifth kind, each from its entry, with its receipt link', async () => {
    const { sharedRead } = cardAnswers([
      {
        ...best('forty', 30, 4.62, 0.01, 'verified 40, video 240 fps'),
        detail: { splits: [{ yardLine: 10, seconds: 1.6, plusMinusSeconds: 0.01 }] },
      } as ReturnType<typeof best>,
      best('vertical_jump', 31, 26.4, 0.3, 'verified vertical, video 240 fps'),
      best('standing_reach', 32, 101.5, 0.5, 'verified reach, video 120 fps'),
    ]);
    renderApp(`/players/${id}`);
    const forty = await screen.findByTestId('best-forty');
    expect(forty.closest('.col-span-2')).toHaveTextContent(/^40-yard dash/);
    expect(forty).toHaveTextContent('4.62 s ± 0.01');
    expect(forty).toHaveTextContent('verified 40, video 240 fps');
    expect(within(forty).getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/forty-receipts/30',
    );
    // Once: the 40 is a kind's tile, not a tile of its own beside the kinds'.
    expect(within(screen.getByTestId('player-profile')).getAllByText('40-yard dash')).toHaveLength(1);
    const jump = screen.getByTestId('best-vertical_jump');
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
    await sharedRead();
  });

  it('shows no tile for a kind without a result', async () => {
    const { sharedRead } = cardAnswers([
      best('vertical_jump', 31, 26.4, 0.3, 'verified vertical, video 240 fps'),
    ]);
    renderApp(`/players/${id}`);
    expect(await screen.findByTestId('best-vertical_jump')).toBeVisible();
    expect(screen.queryByTestId('best-forty')).toBeNull();
    await sharedRead();
    // Still none once every read of the card was answered.
    expect(screen.queryByTestId('best-forty')).toBeNull();
  });
});

describe("a kind's own views, registered by the kind (decision 271)", () => {
  function ReachResults({ playerId }: { playerId: number }) {
    return <p data-testid="reach-results">Reaches of player {playerId}</p>;
  }
  function ReachReceipt({ requestId }: { requestId: number }) {
    return <p data-testid="reach-receipt">Reach receipt of request {requestId}</p>;
  }
  beforeEach(() => {
    registerReach('/reach-receipts');
    undo.push(
      registerKindViews('standing_reach', {
        Results: ReachResults,
        receipt: { View: ReachReceipt, title: 'Verified standing reach receipt' },
      }),
    );
  });

  it("gives the kind a toggle of the stats panel, named by its entry, that shows the kind's results view", async () => {
    server.use(
      mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: id }),
      mock(sharingApi.resultPercentiles, () => HttpResponse.json([]), { id }),
    );
    const { ui } = renderWithProviders(<PlayerStatsPanel playerId={id} player={aPlayer({ id })} />);
    const stats = await screen.findByTestId('player-stats');
    expect(
      within(stats)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Speed', 'IGA Score', '40-yard dash', 'Vertical jump', 'Standing reach']);
    await ui.click(within(stats).getByRole('radio', { name: 'Standing reach' }));
    expect(await within(stats).findByTestId('reach-results')).toHaveTextContent('Reaches of player 7');
  });

  it("opens the kind's receipt view at its entry's receipt page, with its name in the breadcrumb", async () => {
    renderApp('/reach-receipts/44');
    expect(await screen.findByTestId('reach-receipt')).toHaveTextContent('Reach receipt of request 44');
    expect(screen.getByText('Verified standing reach receipt')).toBeVisible();
  });

  it('says Not found at a receipt page for an address that names no request', async () => {
    renderApp('/reach-receipts/0');
    expect(await screen.findByText(/not found/i)).toBeVisible();
    expect(screen.queryByTestId('reach-receipt')).toBeNull();
  });
});

describe("the 40's views, registered by its folder", () => {
  it("shows the 40's results with their splits and receipt under its toggle, loaded when chosen", async () => {
    server.use(
      mock(videosApi.list, () => HttpResponse.json(emptyVideoList()), { playerId: id }),
      mock(sharingApi.resultPercentiles, () => HttpResponse.json([]), { id }),
      mock(
        fortyApi.results,
        () =>
          HttpResponse.json([
            {
              requestId: 30,
              season: 2026,
              seconds: 4.62,
              plusMinusSeconds: 0.01,
              method: 'verified 40, video 240 fps',
              splits: [{ yardLine: 10, seconds: 1.6, plusMinusSeconds: 0.01 }],
              completedAt: '2026-05-02T12:00:00.000Z',
            },
          ]),
        { id },
      ),
    );
    const { ui } = renderWithProviders(<PlayerStatsPanel playerId={id} player={aPlayer({ id })} />);
    const stats = await screen.findByTestId('player-stats');
    await ui.click(within(stats).getByRole('radio', { name: '40-yard dash' }));
    const results = await within(stats).findByTestId('forty-results');
    expect(within(results).getByTestId('forty-time')).toHaveTextContent(
      '4.62 s ± 0.01 (verified 40, video 240 fps)',
    );
    expect(results).toHaveTextContent('10-yard split 1.60 s ± 0.01');
    expect(within(results).getByRole('link', { name: 'Receipt (season 2026)' })).toHaveAttribute(
      'href',
      '/forty-receipts/30',
    );
  });
});
