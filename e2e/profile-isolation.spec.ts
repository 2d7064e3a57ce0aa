import { DEMO, expect, loginAs, test } from './fixtures';

/**
 * A worker's tests share one browser profile for its caches (e2e/fixtures.ts, decision 195): what one test
 * leaves behind must not reach the next. The two tests run in this order in one worker.
 */
test.describe.configure({ mode: 'serial' });

test.describe('each test starts with no site data', () => {
  test('a test signs in and stores data in the browser', async ({ page }) => {
    await loginAs(page, DEMO.parent);
    await page.goto('/');
    await expect(page.getByText('My Players')).toBeVisible();
    await page.evaluate(() => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
    });
    expect(await page.context().cookies()).not.toEqual([]);
  });

  test('the next test has no cookie, no stored data and no session', async ({ page }) => {
    expect(await page.context().cookies()).toEqual([]);
    await page.goto('/');
    // Signed out, the home address shows the sign-in screen.
    await expect(page.getByRole('heading', { name: 'Verified speed. Verified athleticism.' })).toBeVisible();
    await expect(page.getByText('My Players')).toHaveCount(0);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.getItem('left-behind')])).toEqual([
      0,
      null,
    ]);
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });
});
