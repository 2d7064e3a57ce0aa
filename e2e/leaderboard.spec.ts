import { DEMO, expect, loginAs, shot, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const YEAR = new Date().getFullYear();
const rows = (page: import('@playwright/test').Page) => page.getByTestId('leaderboard-row');

test.describe('leaderboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await loginAs(page, DEMO.parent);
  });

  test('opens on High School, this season, Max Speed, and pages with Load More', async ({ page }) => {
    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
    await expect(page.getByLabel('Level')).toHaveValue('High School');
    await expect(page.getByLabel('Season')).toHaveValue(String(YEAR));
    await expect(page.getByLabel('Metric')).toHaveValue('max_speed');
    const seasons = await page.getByLabel('Season').locator('option').allTextContents();
    expect(seasons).toEqual(['All Time', ...Array.from({ length: 7 }, (_, i) => String(YEAR - i))]);
    for (const col of ['Rank', 'Class', 'Position', 'Name', 'Max Speed', 'City', 'County', 'State']) {
      await expect(page.getByRole('columnheader', { name: col, exact: true })).toBeVisible();
    }
    await expect(rows(page)).toHaveCount(25);
    await expect(rows(page).first().locator('td').nth(4)).toHaveText(/^\d+\.\d mph ± \d+\.\d/);
    // Competition ranks: the demo league has ties, which share a rank.
    const ranks = (await rows(page).locator('td:first-child').allTextContents()).map(Number);
    expect(ranks[0]).toBe(1);
    expect(new Set(ranks).size).toBeLessThan(ranks.length);
    await shot(page, 'leaderboard-desktop');

    // Clicked where it stands: scrolling to it would load the page by itself (next test).
    await page.getByRole('button', { name: 'Load More' }).dispatchEvent('click');
    await expect(rows(page)).toHaveCount(38);
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  });

  test('loads the next page when scrolled to the end', async ({ page }) => {
    await page.goto('/leaderboard');
    await page.getByLabel('Season').selectOption('all');
    // This season's board has 25 rows too: wait for the all-time board, not the one it replaces.
    await expect(page).toHaveURL(/season=all/);
    await expect(page.getByRole('status', { name: 'Loading the leaderboard' })).toHaveCount(0);
    await expect(rows(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Load More' })).toBeAttached();
    // To the end of the page, as a user scrolls: the button the load replaces may go while a scroll to it
    // is still waiting for it to be stable (it did once in CI: "Element is not attached to the DOM").
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(rows(page)).toHaveCount(38);
  });

  test('filters by metric, level and season, and says when there is nothing', async ({ page }) => {
    await page.goto('/leaderboard');
    await page.getByLabel('Metric').selectOption('iga_score');
    await expect(page.getByRole('columnheader', { name: 'IGA Score' })).toBeVisible();
    await expect(rows(page).first().locator('td').nth(4)).toHaveText(/^\d{2}\.\d$/);

    await page.getByLabel('Level').selectOption('College');
    await expect(rows(page)).toHaveCount(6);

    await page.getByLabel('Season').selectOption(String(YEAR - 6));
    await expect(page.getByText('No data available for the selected filters')).toBeVisible();
    await expect(page).toHaveURL(/level=College/);
  });

  test('reads well on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/leaderboard');
    const items = page.getByTestId('leaderboard-item');
    await expect(items).toHaveCount(25);
    await expect(items.first()).toBeVisible();
    await expect(items.first()).toContainText(/\d+\.\d mph/);
    await expect(rows(page).first()).toBeHidden();
    await shot(page, 'leaderboard-phone');
  });
});
