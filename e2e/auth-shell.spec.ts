import { DEMO, expect, loginAs, shot, test } from './fixtures';
import { DESKTOP, fillRegister, PHONE, uniqueEmail } from './auth-helpers';

test.describe('routing', () => {
  test('signed out: any app path shows the auth screen; reset and verify pages are reachable', async ({
    page,
  }) => {
    await page.goto('/players/1');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: 'Send Reset Instructions' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('signed in: auth page goes home, /products to plans, unknown and forbidden paths read 404', async ({
    page,
  }) => {
    await loginAs(page, DEMO.parent);
    await page.goto('/auth-page');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/products');
    await expect(page).toHaveURL(/\/subscriptions$/);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await shot(page, 'not-found-desktop');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await page.goto('/analyst/queue');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('a tab whose session ends is told and sent to the auth page', async ({ page }) => {
    await loginAs(page, DEMO.parent);
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.request.post('/api/logout');
    await page.getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page.getByText('Session expired')).toBeVisible();
    await expect(page.getByText('Please log in again to continue')).toBeVisible();
    await expect(page).toHaveURL(/\/auth-page\?next=%2Fleaderboard$/);
  });
});

test.describe('header', () => {
  test('an admin sees the queue and the admin menu; on a phone the menu lists only User Management', async ({
    page,
  }) => {
    await loginAs(page, DEMO.admin);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Analysis Queue' })).toBeVisible();
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Reporting' })).toBeVisible();
    await shot(page, 'header-admin-desktop');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('menuitem', { name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Reporting' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Analysis Queue' })).toBeVisible();
    await shot(page, 'header-admin-phone-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('an analyst sees the queue but no admin menu', async ({ page }) => {
    await loginAs(page, DEMO.analyst);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Analysis Queue' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
  });
});

test.describe('screens on a phone', () => {
  test.use({ viewport: PHONE });

  test('auth, reset, verify and 404 screens fit a phone', async ({ page }) => {
    await page.goto('/auth-page');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await shot(page, 'auth-login-phone');
    await page.goto('/auth-page?mode=register');
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await shot(page, 'auth-register-phone');
    const email = uniqueEmail('phone');
    await fillRegister(page, email);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
    await shot(page, 'auth-verification-notice-phone');
    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: 'Send Reset Instructions' })).toBeVisible();
    await shot(page, 'reset-request-phone');
    await page.goto('/verify-email?token=bogus&email=x%40example.com');
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await shot(page, 'verify-failed-phone');
    await loginAs(page, DEMO.parent);
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await shot(page, 'not-found-phone');
  });
});

test('desktop login screen', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/auth-page');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await shot(page, 'auth-login-desktop');
});
