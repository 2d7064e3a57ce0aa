import { DEMO, expect, lastMail, loginAs, shot, test } from './fixtures';
import { uniqueEmail } from './auth-helpers';

test.describe('registration through a referral link', () => {
  test('a referral link prefills registration, locks the email and welcomes with the code', async ({
    page,
  }) => {
    const email = uniqueEmail('invited');
    let lookups = 0;
    await page.route('**/api/referrals/FRIEND42', async (route) => {
      lookups += 1;
      await new Promise((r) => setTimeout(r, 400));
      await route.fulfill({
        json: {
          referral_code: 'FRIEND42',
          receiver_email: email,
          receiver_first_name: 'Robin',
          receiver_last_name: 'Invited',
          referralCode: 'FRIEND42',
          receiverEmail: email,
          receiverFirstName: 'Robin',
          receiverLastName: 'Invited',
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
    expect(
      await page.evaluate(() => [
        localStorage.getItem('stripeCouponId'),
        localStorage.getItem('referralCode'),
      ]),
    ).toEqual(['coupon_test_123', 'FRIEND42']);
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
  });

  test('a friend invited by a signed-in parent: the link signs the parent out and registers the friend', async ({
    page,
  }) => {
    const friend = uniqueEmail('friend');
    await loginAs(page, DEMO.parent);
    const sent = await page.request.post('/api/referrals/send', {
      data: {
        firstName: 'Frankie',
        lastName: 'Friend',
        email: friend,
        confirmEmail: friend,
        message: 'Join us!',
      },
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
