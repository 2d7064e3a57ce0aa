import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, loginAs, test } from './fixtures';
import { DESKTOP, shots } from './screens';

const photo = async (colour: string) => ({
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 320, height: 320, channels: 3, background: colour } })
    .png()
    .toBuffer(),
});

/** Takes the same screen at desktop and phone widths. */

async function pickSchool(page: Page, term: string, name: string) {
  await page.locator('#school').click();
  await page.getByLabel('Search schools').fill(term);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.locator('#school')).toContainText(name);
}

test.describe('players journey', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await loginAs(page, DEMO.parent);
  });

  test('a parent adds a complete player, sees the card, edits it and changes the photo', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Jordan Miles/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Jordan Miles/ })).toContainText(`6' 1"`);
    await expect(page.getByRole('link', { name: /Jordan Miles/ })).toContainText('182 lbs');
    await shots(page, 'players-dashboard');

    await page.getByRole('link', { name: 'Add player' }).click();
    await expect(page).toHaveURL(/\/players\/new$/);
    await expect(page.locator('#school')).toHaveText('Select level first');
    await expect(page.locator('#school')).toBeDisabled();
    await expect(page.locator('#heightFeet')).toHaveValue('5');
    await expect(page.locator('#weightPounds')).toHaveValue('150');
    await expect(page.locator('#phoneCountryCode')).toHaveValue('+1');
    await shots(page, 'players-add-empty');

    // Every rule speaks when the form is sent empty.
    await page.locator('#heightFeet').fill('0');
    await page.locator('#weightPounds').fill('');
    await page.getByRole('button', { name: 'Add player' }).click();
    for (const msg of [
      'First name is required',
      'Last name is required',
      'Level is required',
      'School is required',
      'Primary position is required',
      'Secondary position is required',
      'Gender is required',
      'Date of birth is required',
      'Height is required',
      'Weight is required',
      'Address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'County is required',
      'Valid email address is required',
      'Phone number must be 10 digits',
      'Hudl Profile URL is required',
      'X/Twitter handle is required',
      'Instagram handle is required',
    ]) {
      await expect(page.getByRole('alert').filter({ hasText: msg }).first()).toBeVisible();
    }
    await expect(page.locator('#weightPounds')).toHaveValue('');
    await shots(page, 'players-add-errors');

    await page.locator('input[type=file]').setInputFiles(await photo('#1d4ed8'));
    await expect(page.getByText('Photo uploaded', { exact: true })).toBeVisible();
    await expect(page.locator('img[src^="/files/photos/"]')).toBeVisible();

    await page.locator('#firstName').fill('Avery');
    await page.locator('#lastName').fill('Brooks');
    await page.locator('#level').selectOption('High School');
    await pickSchool(page, 'westlake', 'Westlake High School');
    await page.locator('#graduationYear').fill('02027');
    await expect(page.locator('#graduationYear')).toHaveValue('2027');
    await page.locator('#gender').selectOption('Other');
    await page.locator('#primaryPositionId').selectOption({ label: 'Quarterback (QB)' });
    await page.locator('#secondaryPositionId').selectOption({ label: 'Safety (S)' });
    await page.locator('#dateOfBirth').fill('2009-06-15');
    await page.locator('#heightFeet').fill('6');
    await page.locator('#heightInches').fill('2');
    await page.locator('#weightPounds').fill('190');
    await page.locator('#gpa').fill('3.75');
    await page.locator('#satScore').fill('1310');
    await page.locator('#actScore').fill('29');
    await page.locator('#addressLine1').fill('12 Elm Street');
    await page.locator('#city').fill('Austin');
    await page.locator('#state').selectOption('TX');
    await page.locator('#zipCode').fill('78746');
    await page.locator('#county').fill('Travis');
    await page.locator('#email').fill('avery@example.com');
    await page.locator('#phone').fill('512-555-0199');
    await expect(page.locator('#phone')).toHaveValue('(512) 555-0199');
    await page.locator('#hudlUrl').fill('https://www.hudl.com/profile/avery');
    await page.locator('#xHandle').fill('@averyqb');
    await expect(page.locator('#xHandle')).toHaveValue('averyqb');
    await page.locator('#instagramHandle').fill('avery.brooks');
    await page.getByRole('button', { name: 'Add player' }).click();

    await expect(page).toHaveURL(/\/players\/\d+$/);
    await expect(page.getByText('Player created successfully')).toBeVisible();
    const card = page.getByTestId('player-profile');
    await expect(card.getByRole('heading', { name: 'Avery Brooks' })).toBeVisible();
    await expect(card.getByText('Westlake High School')).toBeVisible();
    await expect(card.getByText('Class of 2027')).toBeVisible();
    await expect(card.getByText(`6' 2"`)).toBeVisible();
    await expect(card.getByText('190 lbs')).toBeVisible();
    await expect(page.getByTestId('highest-max-speed')).toHaveText('--');
    await expect(page.getByTestId('highest-iga-score')).toHaveText('--');
    await expect(page.getByRole('link', { name: 'Library' })).toHaveAttribute(
      'href',
      /\/players\/\d+\/videos$/,
    );
    await page.getByRole('radio', { name: /Secondary: Safety/ }).click();
    await expect(page.getByRole('radio', { name: /Secondary: Safety/ })).toHaveAttribute('data-state', 'on');
    await shots(page, 'players-card');
    const cardUrl = page.url();

    await page.getByRole('link', { name: 'Edit Player' }).click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.locator('#firstName')).toHaveValue('Avery');
    await expect(page.locator('#phone')).toHaveValue('(512) 555-0199');
    await expect(page.locator('#graduationYear')).toHaveValue('2027');
    await shots(page, 'players-edit');

    await page.locator('#zipCode').fill('787');
    await page.locator('#phone').fill('512');
    await page.locator('#hudlUrl').fill('not a url');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('ZIP code must be 5 digits')).toBeVisible();
    await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
    await expect(page.getByText('Please enter a valid URL')).toBeVisible();
    await page.locator('#zipCode').fill('78746');
    await page.locator('#phone').fill('5125550123');
    await page.locator('#hudlUrl').fill('');

    await page.getByRole('button', { name: 'Remove photo' }).click();
    await expect(page.getByText('Photo removed')).toBeVisible();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Invalid file type')).toBeVisible();
    await expect(page.locator('img[src^="/files/photos/"]')).toHaveCount(0);
    await page.locator('input[type=file]').setInputFiles(await photo('#16a34a'));
    // The first upload's toast may still be up (sonner keeps toasts while the toaster is hovered): the
    // newest toast, and the photo back on the form, show this upload.
    await expect(page.getByText('Your profile photo has been uploaded successfully').last()).toBeVisible();
    await expect(page.locator('img[src^="/files/photos/"]')).toBeVisible();
    await page.locator('#weightPounds').fill('195');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page).toHaveURL(cardUrl);
    await expect(page.getByText('Player updated successfully')).toBeVisible();
    await expect(card.getByText('195 lbs')).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Avery Brooks' })).toBeVisible();
    await expect(card.locator('img[alt="Avery Brooks"]')).toBeVisible();

    await page.goto('/');
    // This player's card by its address: a retry adds another Avery Brooks to the same family.
    const cardPath = new URL(cardUrl).pathname;
    await expect(page.locator(`a[href="${cardPath}"]`)).toContainText('Avery Brooks');
    await expect(page.locator(`a[href="${cardPath}"]`)).toContainText('High School');
  });

  test('a player without a secondary position cannot switch to it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Casey Miles/ }).click();
    await expect(page.getByRole('heading', { name: 'Casey Miles' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Secondary/ })).toBeDisabled();
  });

  test('the profile saves personal information and shows the other tabs', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.locator('#password')).toHaveAttribute(
      'placeholder',
      'Leave blank to keep current password',
    );
    await shots(page, 'players-profile');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await page.getByLabel('Username').fill(DEMO.parent);
    await page.getByLabel('Email').fill(DEMO.parent);
    await page.getByLabel('Last Name').fill('Parenting');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Pat Parenting');
    await page.getByRole('tab', { name: 'Security Information' }).click();
    await expect(page.getByText('Security settings will be implemented soon.')).toBeVisible();
    await page.getByRole('tab', { name: 'Payment Details' }).click();
    await shots(page, 'players-profile-payment');
  });

  test('the school search test page finds schools from two characters', async ({ page }) => {
    await page.goto('/test-search');
    await page.locator('#test-school').click();
    await page.getByLabel('Search schools').fill('w');
    await expect(page.getByText('Start typing to search high schools.')).toBeVisible();
    await page.getByLabel('Search schools').fill('zzqx');
    await expect(page.getByText('No schools found')).toBeVisible();
    await page.getByLabel('Search schools').fill('westlake');
    await expect(page.getByRole('option', { name: /Westlake High School/ }).first()).toBeVisible();
    await shots(page, 'players-test-search-open');
    await page
      .getByRole('option', { name: /Westlake High School/ })
      .first()
      .click();
    await expect(page.getByTestId('selected-school')).toContainText('Westlake High School');
    await shots(page, 'players-test-search');
  });

  test("another family's player is not found", async ({ page }) => {
    await page.goto('/players/999999');
    await expect(page.getByText('Player not found')).toBeVisible();
  });
});
