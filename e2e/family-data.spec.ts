import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DESKTOP, PHONE, uniqueEmail, verifiedAccount } from './auth-helpers';
import { expectAccessible } from './axe';
import { DEMO, expect, loginAs, test } from './fixtures';
import { shots } from './screens';

async function searchSchool(page: Page, term: string) {
  await page.getByLabel('Search schools').fill(term);
}

test.describe('schools, positions, deleting and downloading', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
  });

  test('the school picker finds schools of the whole directory and takes an unlisted school, shown as unverified', async ({
    page,
  }) => {
    await loginAs(page, DEMO.parent);
    await page.goto('/players/new');
    // A photo the server refuses says so on Add Player; the size limit reads the same as the check.
    await expect(page.getByText('PNG, JPG or JPEG, less than 5MB')).toBeVisible();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please upload an image file (JPG, PNG, etc.)' }),
    ).toBeVisible();
    await page.locator('#level').selectOption('High School');
    await page.locator('#school').click();
    await searchSchool(page, 'Mater Dei');
    await expect(page.getByRole('option', { name: /Mater Dei High School.*Santa Ana, CA/ })).toBeVisible();
    await searchSchool(page, 'St. John Bosco');
    await expect(
      page.getByRole('option', { name: /St John Bosco High School.*Bellflower, CA/ }),
    ).toBeVisible();
    await searchSchool(page, 'IMG');
    await expect(page.getByRole('option', { name: /IMG Academy.*Bradenton, FL/ })).toBeVisible();
    await shots(page, 'family-school-search');
    await expectAccessible(page, 'school search');

    await searchSchool(page, 'Hill Country Co-op');
    await expect(page.getByText('No schools found')).toBeVisible();
    await page.getByRole('button', { name: 'My school is not listed' }).click();
    await expect(page.getByLabel('School name')).toHaveValue('Hill Country Co-op');
    await page.getByRole('button', { name: 'Use this school' }).click();
    await expect(page.getByText("Enter the school's name, city and state")).toBeVisible();
    await page.getByLabel('School city').fill('Dripping Springs');
    await page.getByLabel('School state').selectOption('TX');
    await shots(page, 'family-school-unlisted');
    await page.getByRole('button', { name: 'Use this school' }).click();
    await expect(page.locator('#school')).toContainText('Hill Country Co-op');
    await expect(page.locator('#school')).toContainText('Dripping Springs, TX');
    await expect(page.getByTestId('school-unverified')).toHaveText('Unverified');

    await page.locator('#firstName').fill('Rowan');
    await page.locator('#lastName').fill("Ñúñez-O'Brien");
    await page.locator('#graduationYear').fill('2028');
    await page.locator('#gender').selectOption('Male');
    await page.locator('#primaryPositionId').selectOption({ label: 'Quarterback (QB)' });
    await page.locator('#secondaryPositionId').selectOption({ label: 'Quarterback (QB)' });
    await page.locator('#phoneCountryCode').fill('');
    await page.getByRole('button', { name: 'Add player' }).click();
    // Every problem shows at once: the same position twice, a bad country code and the missing fields.
    await expect(page.getByText('Secondary position must differ from the primary position')).toBeVisible();
    await expect(page.locator('#phoneCountryCode-error')).toHaveText('Country code is required');
    await expect(page.locator('#dateOfBirth-error')).toHaveText('Date of birth is required');
    await expect(page.locator('#addressLine1-error')).toHaveText('Address is required');

    await page.locator('#secondaryPositionId').selectOption({ label: 'Safety (S)' });
    await page.locator('#phoneCountryCode').fill('+1');
    await page.locator('#dateOfBirth').fill('2010-03-02');
    await page.locator('#addressLine1').fill('4 Ranch Road');
    await page.locator('#city').fill('Dripping Springs');
    await page.locator('#state').selectOption('TX');
    await page.locator('#zipCode').fill('78620');
    await page.locator('#county').fill('Hays');
    await page.locator('#email').fill('rowan@example.com');
    await page.locator('#phone').fill('5125550142');
    await page.locator('#hudlUrl').fill('https://www.hudl.com/profile/rowan');
    await page.locator('#xHandle').fill('rowanqb');
    await page.locator('#instagramHandle').fill('rowanqb');
    await page.getByRole('button', { name: 'Add player' }).click();

    await expect(page).toHaveURL(/\/players\/\d+$/);
    const card = page.getByTestId('player-profile');
    await expect(card).toContainText('Hill Country Co-op');
    await expect(card).toContainText('Dripping Springs, TX');
    await expect(card.getByText('Unverified school')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Primary: Quarterback' })).toBeVisible();
    // Position names are not cut short on a phone.
    await page.setViewportSize(PHONE);
    const position = page.locator('dd').filter({ hasText: 'Quarterback' }).first();
    await expect(position).toHaveText('Quarterback');
    expect(await position.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.setViewportSize(DESKTOP);
    await shots(page, 'family-card-unverified-school');
    await expectAccessible(page, 'player card');
  });

  test('Edit Player opened by its address shows the positions and saves a player without a secondary one', async ({
    page,
  }) => {
    await loginAs(page, DEMO.parent);
    const players = await (await page.request.get('/api/players')).json();
    const casey = players.find((p: any) => p.firstName === 'Casey');
    expect(casey.secondaryPositionId).toBeNull();
    await page.goto(`/players/${casey.id}/edit`);
    await page.reload();
    await expect(page.locator('#primaryPositionId')).toHaveValue(String(casey.primaryPositionId));
    await expect(page.locator('#primaryPositionId option:checked')).not.toHaveText('Select position');
    await expect(page.locator('#secondaryPositionId')).toHaveValue('');
    await shots(page, 'family-edit-by-url');
    await expectAccessible(page, 'edit player');
    await page.locator('#weightPounds').fill('171');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/players/${casey.id}$`));
    await expect(page.getByText('Player updated successfully')).toBeVisible();
    await expect(page.getByTestId('player-profile')).toContainText('171 lbs');
  });

  test('a family deletes a player, downloads its data and deletes its account', async ({ page }) => {
    const email = uniqueEmail('leaving');
    await verifiedAccount(page, email);
    await loginAs(page, email, 'secret123');
    const positions = await (await page.request.get('/api/positions')).json();
    const body = {
      firstName: 'Sky',
      lastName: 'Leaving',
      level: 'High School',
      school: 'Westlake High School',
      schoolCity: 'Austin',
      schoolState: 'TX',
      graduationYear: 2027,
      primaryPositionId: positions[0].id,
      secondaryPositionId: positions[1].id,
      gender: 'Female',
      dateOfBirth: '2009-01-01',
      addressLine1: '1 Way',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      county: 'Travis',
      email: 'sky@example.com',
      phone: '5125550100',
      phoneCountryCode: '+1',
      hudlUrl: 'https://www.hudl.com/profile/1',
      instagramHandle: 'sky',
      heightInches: 66,
      weight: 130,
      twitterHandle: 'sky',
    };
    const created = await page.request.post('/api/players', { data: body });
    expect(created.status(), await created.text()).toBe(201);
    expect((await page.request.post('/api/players', { data: { ...body, firstName: 'Kit' } })).status()).toBe(
      201,
    );
    const player = await created.json();

    await page.goto(`/players/${player.id}`);
    await page.getByRole('button', { name: 'Delete Player' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('This cannot be undone');
    await shots(page, 'family-delete-player');
    await page.getByRole('button', { name: 'Delete player' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Sky Leaving was deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Sky Leaving/ })).toHaveCount(0);
    expect((await page.request.get(`/api/players/${player.id}`)).status()).toBe(404);

    await page.goto('/profile');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^verified-athlete-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await file.path(), 'utf8'));
    expect(data.account.email).toBe(email);
    expect(data.players.map((p: any) => p.firstName)).toEqual(['Kit']);
    await shots(page, 'family-profile-data');
    await expectAccessible(page, 'profile');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Password is incorrect')).toBeVisible();
    await shots(page, 'family-delete-account');
    await dialog.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/auth-page/);
    const again = await page.request.post('/api/login', { data: { username: email, password: 'secret123' } });
    expect(again.status()).toBe(401);
  });

  test('the dashboard shows best verified numbers and the card lists every request, a rejection with its reason and refund', async ({
    page,
  }) => {
    await loginAs(page, DEMO.parent);
    const players = await (await page.request.get('/api/players')).json();
    const casey = players.find((p: any) => p.firstName === 'Casey');
    const made = await page.request.post('/api/analysis-requests', {
      data: {
        playerId: casey.id,
        hudlUrl: 'https://www.hudl.com/video/3/123/abc',
        startTime: '00:23',
        season: 2024,
        positionId: casey.primaryPositionId,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    await loginAs(page, DEMO.analyst);
    const rejected = await page.request.post(`/api/analysis-requests/${(await made.json()).id}/reject`, {
      data: { reason: 'Player not visible', comment: 'The runner leaves the frame at 0:04.' },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await loginAs(page, DEMO.parent);

    await page.goto('/');
    const jordan = page.getByRole('link', { name: /Jordan Miles/ });
    await expect(jordan.getByTestId('card-max-speed')).toHaveText(/^\d+\.\d mph( ± \d+\.\d)?$/);
    await expect(jordan.getByTestId('card-iga-score')).toHaveText(/^\d+\.\d$/);
    await shots(page, 'family-dashboard-bests');
    await expectAccessible(page, 'dashboard');

    await page.goto(`/players/${casey.id}`);
    // The speed request asks for the play's link; the profile URL saved on the player is not put there.
    expect(casey.hudlUrl ?? '').toMatch(/hudl\.com\/profile\//);
    await page.getByRole('button', { name: 'Request Speed Analysis' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Hudl Video URL')).toHaveValue('');
    await expect(
      dialog.getByText(
        "The link of the play on Hudl (hudl.com/video/...), not the player's profile page; or choose a source video below.",
      ),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    const history = page.locator('#request-history');
    const item = history.getByTestId('request-history-item').filter({ hasText: 'Season 2024' }).first();
    await expect(item).toContainText('Rejected');
    await expect(item).toContainText('Reason: Player not visible');
    await expect(item).toContainText("Analyst's note: The runner leaves the frame at 0:04.");
    await expect(item).toContainText('Your credit was returned.');
    await history.scrollIntoViewIfNeeded();
    await shots(page, 'family-request-history');
    await expectAccessible(page, 'player card with history');
  });

  test('a link opened signed out returns to the page asked for after login, and only to this site', async ({
    page,
  }) => {
    await loginAs(page, DEMO.parent);
    const players = await (await page.request.get('/api/players')).json();
    const jordan = players.find((p: any) => p.firstName === 'Jordan');
    await page.request.post('/api/logout');

    // The result email's link, opened signed out.
    await page.goto(`/players/${jordan.id}#request-history`);
    await page.getByLabel('Email').fill(DEMO.parent);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/players/${jordan.id}#request-history$`));
    await expect(page.getByRole('heading', { name: 'Jordan Miles' })).toBeVisible();
    // The sign-in toast does not cover the credit counter.
    const toastBox = (await page.getByText('Logged in successfully').boundingBox())!;
    const credits = (await page.getByRole('link', { name: /Credits/ }).boundingBox())!;
    const overlaps =
      toastBox.x < credits.x + credits.width &&
      credits.x < toastBox.x + toastBox.width &&
      toastBox.y < credits.y + credits.height &&
      credits.y < toastBox.y + toastBox.height;
    expect(overlaps).toBe(false);

    // A next= pointing elsewhere is ignored: the dashboard opens.
    await page.request.post('/api/logout');
    await page.goto('/auth-page?next=//evil.example/steal');
    await page.getByLabel('Email').fill(DEMO.parent);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});
