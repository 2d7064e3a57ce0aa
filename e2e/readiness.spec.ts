import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeFieldClip } from '../server/modules/measurements/tracking/field-clip.fixtures';
import { uniqueEmail, verifiedAccount } from './auth-helpers';
import { expect, loginAs, test } from './fixtures';
import { createPlayerViaApi } from './measured-helpers';
import { DESKTOP, shots } from './screens';
import { scratchDir } from './scratch';

/**
 * A family knows before it pays (issue 52): a clip is checked as it is uploaded and the library and the
 * request dialog say what it is ready for; a family without a credit is told '0 credits' before the link,
 * and after checkout the plans page continues the request it started.
 */
let ready: string;
let at24: string;
let still: string;

async function upload(page: Page, playerId: number, file: string) {
  const up = await page.request.post('/api/videos/upload', {
    multipart: {
      playerId: String(playerId),
      file: { name: path.basename(file), mimeType: 'video/mp4', buffer: readFileSync(file) },
    },
  });
  expect(up.status(), await up.text()).toBe(201);
  return ((await up.json()) as { id: number }).id;
}

/** A new family, verified and signed in at desktop size, with one player. */
async function familyWithPlayer(page: Page, tag: string, first: string, last: string) {
  await page.setViewportSize(DESKTOP);
  const email = uniqueEmail(tag);
  await verifiedAccount(page, email);
  await loginAs(page, email, 'secret123');
  return createPlayerViaApi(page, first, last);
}

test.describe('a clip is checked before anything is paid', () => {
  test.beforeAll(async () => {
    // Two generated sideline clips: a minute or more of drawing on a busy machine.
    test.setTimeout(240_000);
    const dir = scratchDir('va-e2e-ready-');
    ready = (await makeFieldClip(path.join(dir, 'ready-60.mp4'), { fps: '60', crowd: false })).file;
    at24 = (await makeFieldClip(path.join(dir, 'film-24.mp4'), { fps: '24', crowd: false })).file;
    still = (await makeFieldClip(path.join(dir, 'still-60.mp4'), { fps: '60', crowd: false, still: true }))
      .file;
  });

  test('a clip from a still camera says to pan with the player, before anything is paid (decision 350)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const player = await familyWithPlayer(page, 'still', 'Jordan', 'Vale');
    await upload(page, player.id, still);
    await page.goto(`/players/${player.id}/videos`);
    const tile = page.getByTestId('video-tile');
    await expect(tile.getByText('Not ready for a verified Max Speed', { exact: true })).toBeVisible({
      timeout: 120_000,
    });
    await tile.getByText('What is missing').first().click();
    await expect(tile.getByText(/The camera seems to stay still through this clip/)).toBeVisible();
    await expect(tile.getByText(/Pan to keep the player near the middle of the picture\./)).toBeVisible();
    await shots(page, 'readiness-still-camera');
  });

  test('the family sees readiness before paying; checkout returns to the started request', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const player = await familyWithPlayer(page, 'ready', 'Riley', 'Stone');
    const goodId = await upload(page, player.id, ready);
    const badId = await upload(page, player.id, at24);

    // The library: each clip says what it is ready for, once checked.
    await page.goto(`/players/${player.id}/videos`);
    const tiles = page.getByTestId('video-tile');
    await expect(tiles).toHaveCount(2);
    const bad = tiles.filter({ has: page.getByText('Not ready for a verified Max Speed', { exact: true }) });
    await expect(bad).toHaveCount(1, { timeout: 120_000 });
    await expect(
      tiles.filter({ has: page.getByText('Ready for a verified Max Speed', { exact: true }) }),
    ).toHaveCount(1, {
      timeout: 120_000,
    });
    await bad.getByText('What is missing').first().click();
    await expect(
      bad.getByText(/about 24 frames a second; a verified Max Speed needs at least 25/),
    ).toBeVisible();
    await expect(
      bad.getByText(/Film at the highest frame rate your phone offers: at least 30 fps/),
    ).toBeVisible();
    await shots(page, 'readiness-library');

    // The request dialog: '0 credits' before the link; the clip's readiness as it is chosen.
    await page.getByRole('button', { name: 'Request Speed Analysis' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Request Speed Analysis' });
    await expect(dialog.getByTestId('credit-balance-note')).toContainText('0 credits');
    await dialog.getByLabel('Hudl Video URL').fill('https://www.hudl.com/video/3/123/riley-run');
    await dialog.getByLabel('Mins and Secs (i.e. 00:23) to start measuring').fill('00:12');
    await dialog.getByLabel('Source video (optional)').selectOption(String(badId));
    await expect(dialog.getByText('Not ready for a verified Max Speed', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByRole('alert')).toContainText('This clip cannot give a verified Max Speed');
    // Still on the dialog: nobody was sent to buy a credit for a clip that cannot be measured.
    await expect(page).toHaveURL(new RegExp(`/players/${player.id}/videos$`));
    await dialog.getByLabel('Source video (optional)').selectOption(String(goodId));
    await expect(dialog.getByText('Ready for a verified Max Speed', { exact: true })).toBeVisible();
    await shots(page, 'readiness-request-dialog');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();

    // To the plans: the request is kept, and continues once a credit is bought.
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(page.getByTestId('continue-request')).toContainText('Your request for Riley Stone is kept');
    await expect(page.getByText(/^A Max Speed credit also buys a verified 40/)).toBeVisible();
    await page.getByTestId('plan-speed-single').getByRole('button', { name: 'Purchase' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
    // Checkout names the balance for what it buys.
    await expect(page.getByText(/Includes 1 Speed credit \(Max Speed(, | or )40/)).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    const resume = page.getByRole('button', { name: 'Continue your request for Riley Stone' });
    await expect(resume).toBeVisible();
    await shots(page, 'readiness-continue-banner');
    await resume.click();
    const again = page.getByRole('dialog', { name: 'Request Speed Analysis' });
    await expect(again.getByLabel('Hudl Video URL')).toHaveValue(
      'https://www.hudl.com/video/3/123/riley-run',
    );
    await expect(again.getByLabel('Mins and Secs (i.e. 00:23) to start measuring')).toHaveValue('00:12');
    await expect(again.getByLabel('Source video (optional)')).toHaveValue(String(goodId));
    await again.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Request Submitted').first()).toBeVisible();
    await expect(page.getByTestId('continue-request')).toHaveCount(0);
    const history = (await (await page.request.get(`/api/players/${player.id}/requests`)).json()) as {
      status: string;
      sourceVideoId: number | null;
    }[];
    expect(history).toEqual([expect.objectContaining({ status: 'pending', sourceVideoId: goodId })]);
  });
});
