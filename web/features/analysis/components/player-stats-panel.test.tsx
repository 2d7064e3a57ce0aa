import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { analysisApi } from '@contract/api/analysis';
import { sharingApi } from '@contract/api/sharing';
import { videosApi } from '@contract/api/videos';
import { videoListSchema, type Video } from '@contract/videos';
import { aPlayer, aVideo } from '@/test/data';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import { PlayerStatsPanel } from './player-stats-panel';

const player = aPlayer({ primaryPositionId: 1, secondaryPositionId: 2 });

// The best (22.3 at quarterback, request 11) and a slower result at the secondary position (20.9, request 12).
const videos = [
  aVideo({
    id: 1,
    maxSpeed: 22.3,
    maxSpeedPlusMinus: 0.5,
    methodLabel: 'video 59.94 fps',
    analysisRequestId: 11,
  }),
  aVideo({
    id: 2,
    maxSpeed: 20.9,
    maxSpeedPlusMinus: 0.4,
    methodLabel: 'video 29.97 fps',
    positionId: 2,
    positionKey: 'WR',
    analysisRequestId: 12,
  }),
];
const percentile = (requestId: number, n: number, group: string) => ({
  requestId,
  metric: 'max_speed',
  percentile: n,
  groupSize: 40,
  groupLabel: group,
  scope: 'position_level_class',
  widened: false,
  text: `${n}th percentile of 40 verified ${group}`,
});

function renderPanel(positionId: number, list: Video[] = videos) {
  server.use(
    mock(videosApi.list, () =>
      HttpResponse.json(
        videoListSchema.parse({
          videos: list,
          stats: {
            highestSpeed: null,
            highestIgaScore: null,
            totalVideos: list.length,
            readyVideos: list.length,
          },
        }),
      ),
    ),
    mock(analysisApi.requestSubmetrics, () => HttpResponse.json([])),
    mock(sharingApi.resultPercentiles, () =>
      HttpResponse.json([
        percentile(11, 88, 'high-school quarterbacks, class of 2027'),
        percentile(12, 64, 'high-school wide receivers, class of 2027'),
      ]),
    ),
  );
  return renderWithProviders(<PlayerStatsPanel playerId={7} player={player} positionId={positionId} />);
}

describe('the stats panel: each number with its own percentile, one speed format', () => {
  it("shows the secondary position its own speed with that speed's percentile, not the best one's", async () => {
    renderPanel(2);
    const panel = await screen.findByTestId('player-stats');
    expect(await within(panel).findByTestId('latest-speed')).toHaveTextContent(/^20\.9 mph ± 0\.4$/);
    expect(await within(panel).findByTestId('percentile-max_speed')).toHaveTextContent(
      '64th percentile of 40 verified high-school wide receivers, class of 2027',
    );
    expect(within(panel).queryByText(/88th percentile/)).toBeNull();
    expect(within(panel).getByText('Most Recent')).toBeVisible();
  });

  it('shows the primary position the best result with its own percentile', async () => {
    renderPanel(1);
    expect(await screen.findByTestId('latest-speed')).toHaveTextContent(/^22\.3 mph ± 0\.5$/);
    expect(await screen.findByTestId('percentile-max_speed')).toHaveTextContent(
      '88th percentile of 40 verified high-school quarterbacks, class of 2027',
    );
  });

  it('has no Most Recent badge and no unit over an empty speed', async () => {
    renderPanel(1, []);
    expect(await screen.findByText('No speed data yet')).toBeVisible();
    expect(screen.getByTestId('latest-speed')).toHaveTextContent(/^--$/);
    expect(screen.queryByText('Most Recent')).toBeNull();
    expect(screen.queryByTestId('percentile-max_speed')).toBeNull();
  });

  it('shows the speed progression chart once the panel has painted, the percentile line first', async () => {
    renderPanel(1);
    const section = await screen.findByRole('region', { name: 'Speed Progression' });
    expect(await screen.findByTestId('percentile-max_speed')).toBeVisible();
    // Recharts' chunk is evaluated after the first paint (issue 30's first screen): the chart's place holds
    // a skeleton until then, and the chart itself follows.
    expect(await within(section).findByTestId('speed-chart')).toBeInTheDocument();
  });
});
