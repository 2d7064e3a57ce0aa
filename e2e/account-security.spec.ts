import { DESKTOP, PHONE, uniqueEmail, verifiedAccount } from './auth-helpers';
import { expect, lastMail, loginAs, shot, test } from './fixtures';

test.describe('account security on the profile', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`a new email needs the current password and is confirmed from the new address (${size})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const email = uniqueEmail('move');
      const next = uniqueEmail('moved');
      await verifiedAccount(page, email);
      await loginAs(page, email, 'secret123');
      await page.goto('/profile');
      await expect(page.getByLabel('Current Password')).toBeVisible();

      await page.getByLabel('Email', { exact: true }).fill(next);
      await page.getByLabel('Username').fill(next);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(
        page.getByText('Enter your current password to change your email, username or password').first(),
      ).toBeVisible();
      await shot(page, `security-current-password-${size}`);

      await page.getByLabel('Current Password').fill('secret123');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      // The save checks the password (a deliberate hash) and queues two mails: on a loaded machine that
      // took more than the default 10 s once, so wait for the answer rather than for a fixed time.
      await expect(page.getByText(`Check ${next} to confirm your new email address.`)).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByRole('status').filter({ hasText: 'Waiting for confirmation' })).toContainText(
        `Until then, sign in with ${email}`,
      );
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
      await shot(page, `security-pending-email-${size}`);

      expect((await lastMail(page, email)).subject).toBe('Your Verified Athlete email is being changed');
      const link = /https?:\/\/\S+\/verify-email\?\S+/.exec((await lastMail(page, next)).text)![0];
      await page.goto(link);
      await expect(page.getByText('Your new email address is confirmed. Use it to sign in.')).toBeVisible();
      await shot(page, `security-email-confirmed-${size}`);
      const relogin = await page.request.post('/api/login', {
        data: { username: next, password: 'secret123' },
      });
      expect(relogin.status()).toBe(200);
    });
  }
});
