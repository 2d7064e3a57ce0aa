import { formatSpeed } from '../contract/measurement-math';
import { DEMO, expect, loginAs, test } from './fixtures';
import { shots } from './screens';

interface ResultPercentile {
  requestId: number;
  metric: string;
  text: string;
}
interface Video {
  positionId: number | null;
  maxSpeed: number | null;
  maxSpeedPlusMinus: number | null;
  analysisRequestId: number | null;
  createdAt: string;
}

test('the stats panel gives each position its own latest speed with that speed’s own percentile', async ({
  page,
}) => {
  await loginAs(page, DEMO.parent);
  const players = (await (await page.request.get('/api/players')).json()) as {
    id: number;
    firstName: string;
    primaryPositionId: number;
    secondaryPositionId: number;
  }[];
  const jordan = players.find((p) => p.firstName === 'Jordan')!;
  const results = (await (
    await page.request.get(`/api/players/${jordan.id}/percentiles/results`)
  ).json()) as ResultPercentile[];
  const { videos } = (await (await page.request.get(`/api/videos/${jordan.id}`)).json()) as {
    videos: Video[];
  };
  /** What the panel should show for a position: its latest speed and that result's percentile. */
  const expected = (positionId: number) => {
    const latest = videos
      .filter((v) => v.positionId === positionId && v.maxSpeed !== null)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
    const pct = results.find((r) => r.requestId === latest.analysisRequestId && r.metric === 'max_speed')!;
    expect(pct.text).toMatch(/^\d+(st|nd|rd|th) percentile of \d+ verified high-school /);
    return { speed: formatSpeed(latest.maxSpeed!, latest.maxSpeedPlusMinus), pct };
  };
  const primary = expected(jordan.primaryPositionId);
  const secondary = expected(jordan.secondaryPositionId);
  expect(secondary.pct.requestId).not.toBe(primary.pct.requestId);

  await page.goto(`/players/${jordan.id}`);
  const panel = page.getByTestId('player-stats');
  await expect(panel.getByTestId('latest-speed')).toHaveText(primary.speed);
  await expect(panel.getByTestId('percentile-max_speed')).toHaveText(primary.pct.text);
  await page.getByRole('radio', { name: /^Secondary/ }).click();
  await expect(panel.getByTestId('latest-speed')).toHaveText(secondary.speed);
  // The secondary position's number with its own percentile, not the primary best's.
  await expect(panel.getByTestId('percentile-max_speed')).toHaveText(secondary.pct.text);
  await expect(panel.getByText(primary.pct.text)).toHaveCount(0);
  await expect(panel.getByText(/^\d+(st|nd|rd|th) percentile$/)).toHaveCount(0);
  await shots(page, 'stats-percentile-secondary');
});
