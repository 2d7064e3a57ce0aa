import { DEMO, expect, loginAs, shot, test } from './fixtures';

test('the stats panel states the group and size of every percentile it shows', async ({ page }) => {
  await loginAs(page, DEMO.parent);
  const players = (await (await page.request.get('/api/players')).json()) as {
    id: number;
    firstName: string;
  }[];
  const jordan = players.find((p) => p.firstName === 'Jordan')!;
  const expected = (await (await page.request.get(`/api/players/${jordan.id}/percentiles`)).json()) as {
    metric: string;
    text: string;
  }[];
  const speed = expected.find((p) => p.metric === 'max_speed')!;
  expect(speed.text).toMatch(/^\d+(st|nd|rd|th) percentile of \d+ verified high-school /);
  await page.goto(`/players/${jordan.id}`);
  const panel = page.getByTestId('player-stats');
  await expect(panel.getByTestId('percentile-max_speed')).toHaveText(`Best: ${speed.text}`);
  // No bare 'Nth percentile' without its group anywhere in the panel's headline.
  await expect(panel.getByText(/^\d+(st|nd|rd|th) percentile$/)).toHaveCount(0);
  await shot(page, 'stats-percentile-desktop');
});
