import type { Page } from '@playwright/test';
import { DEMO, expect, lastMail, loginAs, shot, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function fillRegister(page: Page, email: string, password = 'secret123') {
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill('Stone');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Registers and verifies through the API, as a quick way to a usable account. */
async function verifiedAccount(page: Page, email: string, password = 'secret123') {
  const reg = await page.request.post('/api/register', {
    data: { username: email, email, password, firstName: 'Quinn', lastName: 'Reset', referralCode: null },
  });
  expect(reg.status()).toBe(201);
  const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec((await lastMail(page, email)).text)![0]);
  const ver = await page.request.post('/api/auth/verify-email', {
    data: { token: link.searchParams.get('token'), email },
  });
  expect(ver.status()).toBe(200);
}

test.describe('sign-in journey', () => {
  test('a family registers, follows the emailed link, logs in, sees the shell and logs out', async ({ page }) => {
    const email = uniqueEmail('family');
    await page.goto('/auth-page?mode=register');
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await shot(page, 'auth-register-desktop');
    await fillRegister(page, email);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Registration successful. Please check your email to verify your account.')).toBeVisible();
    await shot(page, 'auth-verification-notice-desktop');

    const mail = await lastMail(page, email);
    const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(mail.text)![0];
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await shot(page, 'verify-success-desktop');
    await page.getByRole('link', { name: 'Proceed to Login' }).click();

    await expect(page).toHaveURL(/\/auth-page$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Password', { exact: true }).press('Enter');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Logged in successfully')).toBeVisible();
    await expect(page.getByTestId('iga-credits')).toContainText('0');
    await expect(page.getByTestId('speed-credits')).toContainText('0');
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Riley Stone');
    await expect(page.getByRole('link', { name: 'Credits' })).toHaveAttribute('href', '/subscriptions');
    await expect(page.getByRole('link', { name: 'Analysis Queue' })).toHaveCount(0);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth-page$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('an unverified account cannot log in, and a wrong password says so', async ({ page }) => {
    const email = uniqueEmail('unverified');
    await page.goto('/auth-page?mode=register');
    await fillRegister(page, email);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
    await page.getByRole('button', { name: 'Return to Login' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Authentication Error')).toBeVisible();
    await expect(page.getByText('Please verify your email before logging in.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
  });

  test('the forms show the messages of the specification and hold the button while invalid', async ({ page }) => {
    await page.goto('/auth-page');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Form validation failed')).toBeVisible();
    await expect(page.getByText('Email and password are required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await expect(page.getByText('Must be a valid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await shot(page, 'auth-login-errors-desktop');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('123456');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();

    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/mode=register/);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Please fill in: First name, Last name, Email, Confirm email, Password')).toBeVisible();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Confirmation email is required')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('a@example.com');
    await page.getByLabel('Confirm email').fill('b@example.com');
    await page.getByLabel('Confirm email').blur();
    await expect(page.getByText('Emails do not match')).toBeVisible();
    await shot(page, 'auth-register-errors-desktop');

    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.getByRole('link', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
  });

  test('a referral link prefills registration, locks the email and welcomes with the code', async ({ page }) => {
    const email = uniqueEmail('invited');
    let lookups = 0;
    await page.route('**/api/referrals/FRIEND42', async (route) => {
      lookups += 1;
      await new Promise((r) => setTimeout(r, 400));
      await route.fulfill({
        json: {
          referral_code: 'FRIEND42', receiver_email: email, receiver_first_name: 'Robin', receiver_last_name: 'Invited',
          referralCode: 'FRIEND42', receiverEmail: email, receiverFirstName: 'Robin', receiverLastName: 'Invited',
        },
      });
    });
    let completedWith: unknown;
    await page.route('**/api/referrals/FRIEND42/complete', async (route) => {
      completedWith = route.request().postDataJSON();
      await route.fulfill({ json: { referralCode: 'FRIEND42', stripeCouponId: 'coupon_test_123' } });
    });

    await page.goto('/players/new?referralCode=FRIEND42');
    await expect(page).toHaveURL(/\/auth-page\?referralCode=FRIEND42&mode=register/);
    await expect(page.getByText('Loading referral information...')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Robin');
    expect(lookups).toBe(1);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Confirm email')).toHaveAttribute('readonly', '');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();

    const dialog = page.getByRole('dialog', { name: 'Welcome to Verified Athlete!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('referral-code')).toHaveText('FRIEND42');
    await shot(page, 'auth-referral-welcome-desktop');
    expect(completedWith).toMatchObject({ userId: expect.any(Number) });
    expect(await page.evaluate(() => [localStorage.getItem('stripeCouponId'), localStorage.getItem('referralCode')])).toEqual([
      'coupon_test_123', 'FRIEND42',
    ]);
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
  });

  test('a friend invited by a signed-in parent: the link signs the parent out and registers the friend', async ({ page }) => {
    const friend = uniqueEmail('friend');
    await loginAs(page, DEMO.parent);
    const sent = await page.request.post('/api/referrals/send', {
      data: { firstName: 'Frankie', lastName: 'Friend', email: friend, confirmEmail: friend, message: 'Join us!' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const link = /https?:\/\/\S+\/auth-page\?referralCode=\S+/.exec((await lastMail(page, friend)).text)![0];
    const code = new URL(link).searchParams.get('referralCode')!;

    await page.goto('/');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByLabel('First name')).toHaveValue('Frankie');
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
    expect((await page.request.get('/api/user')).status()).toBe(401);
    await expect(page.getByLabel('Confirm email')).toHaveValue(friend);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();

    const dialog = page.getByRole('dialog', { name: 'Welcome to Verified Athlete!' });
    await expect(dialog.getByTestId('referral-code')).toHaveText(code);
    expect(await page.evaluate(() => localStorage.getItem('referralCode'))).toBe(code);
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
  });

  test('an unknown referral code is reported and registration stays open', async ({ page }) => {
    await page.route('**/api/referrals/NOPE', (route) =>
      route.fulfill({ status: 404, json: { message: 'Invalid or expired referral code' } }),
    );
    await page.goto('/auth-page?referralCode=NOPE&mode=register');
    await expect(page.getByText('Invalid or expired referral code')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).not.toHaveAttribute('readonly', '');
  });
});

test.describe('password reset', () => {
  test('asks for the email, sends a link, sets a new password and logs in with it', async ({ page }) => {
    const email = uniqueEmail('reset');
    await verifiedAccount(page, email);
    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: 'Send Reset Instructions' })).toBeVisible();
    await shot(page, 'reset-request-desktop');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('If an account exists for that email, you will receive password reset instructions.')).toBeVisible();
    await shot(page, 'reset-sent-desktop');

    const link = /https?:\/\/\S+\/reset-password\?\S+/.exec((await lastMail(page, email)).text)![0];
    await page.goto(link);
    await page.getByLabel('New password').fill('brand-new-1');
    await page.getByLabel('Confirm password').fill('brand-new-2');
    await page.getByLabel('Confirm password').blur();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill('brand-new-1');
    await shot(page, 'reset-confirm-desktop');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();

    await page.goto(link);
    await page.getByLabel('New password').fill('another-1');
    await page.getByLabel('Confirm password').fill('another-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'invalid or has expired' })).toBeVisible();

    await page.goto('/auth-page');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });

  test('a broken verification link offers a resend and the way back', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(page.getByText('Missing verification token or email. Please check your verification link.')).toBeVisible();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Email address is missing. Please try to use the original verification link.')).toBeVisible();

    await page.goto('/verify-email?token=bogus&email=nobody%40example.com');
    await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
    await shot(page, 'verify-failed-desktop');
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('A new verification email has been sent. Please check your inbox.')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});

test.describe('routing', () => {
  test('signed out: any app path shows the auth screen; reset and verify pages are reachable', async ({ page }) => {
    await page.goto('/players/1');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: 'Send Reset Instructions' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('signed in: auth page goes home, /products to plans, unknown and forbidden paths read 404', async ({ page }) => {
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
    await expect(page).toHaveURL(/\/auth-page$/);
  });
});

test.describe('header', () => {
  test('an admin sees the queue and the admin menu; on a phone the menu lists only User Management', async ({ page }) => {
    await loginAs(page, DEMO.admin);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Analysis Queue' })).toBeVisible();
    await page.getByRole('button', { name: 'Admin' }).click();
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
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
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
