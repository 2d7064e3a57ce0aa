import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, shot, test } from './fixtures';

/** Issue 27 items 7 and 9 (decision 207): what a family and a coach see of the demo data. */
async function jordan(page: Page) {
  const players = (await (await page.request.get('/api/players')).json()) as {
    id: number;
    firstName: string;
  }[];
  return players.find((p) => p.firstName === 'Jordan')!;
}

/** The share of a picture's pixels that are grass green, as the browser decoded it. */
const greenShare = (img: HTMLImageElement) => {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let green = 0;
  for (let i = 0; i < data.length; i += 4)
    if (data[i + 1] > 90 && data[i + 1] > data[i] * 1.6 && data[i + 1] > data[i + 2] * 1.6) green += 1;
  return green / (data.length / 4);
};

test.describe('demo data', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, DEMO.parent);
  });

  test("the demo player's videos look like game film, not a test pattern", async ({ page }) => {
    const player = await jordan(page);
    await page.goto(`/players/${player.id}/videos`);
    const thumbs = page.getByTestId('video-tile').locator('img');
    await expect(thumbs.first()).toBeVisible();
    const count = await thumbs.count();
    expect(count).toBeGreaterThan(3);
    // Other journeys of the same worker upload their own test clips to this demo player, so not every
    // tile is the demo's: the demo's own films (at least four) must be game film.
    let film = 0;
    for (let i = 0; i < count; i += 1) {
      const img = thumbs.nth(i);
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      if ((await img.evaluate(greenShare)) > 0.5) film += 1;
    }
    expect(film).toBeGreaterThanOrEqual(4);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'demo-videos');
  });

  test('a measured demo result shows the same day on its receipt and on the public profile', async ({
    page,
  }) => {
    const player = await jordan(page);
    const history = (await (await page.request.get(`/api/players/${player.id}/requests`)).json()) as {
      completedAt: string | null;
      resultPath: string | null;
    }[];
    const measured = history.find((r) => r.resultPath?.startsWith('/receipts/'))!;
    const day = new Date(measured.completedAt!).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    await page.goto(measured.resultPath!);
    await expect(page.getByTestId('receipt-date')).toHaveText(`Verified ${day} · measured by Ana Lyst`);
    await shot(page, 'demo-receipt');

    const share = await page.request.put(`/api/players/${player.id}/share`, { data: { enabled: true } });
    const { path } = (await share.json()) as { path: string };
    await page.goto(path);
    await expect(page.getByText(`Verified ${day}`).first()).toBeVisible();
    const receiptLink = page.getByRole('link', { name: /receipt/i }).first();
    await receiptLink.click();
    await expect(page.getByText(`verified ${day}`)).toBeVisible();
    await shot(page, 'demo-public-receipt');
  });
});
