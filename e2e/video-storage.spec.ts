import { uniqueEmail, verifiedAccount } from './auth-helpers';
import { expect, lastMail, loginAs, test } from './fixtures';
import { createPlayerViaApi } from './measured-helpers';
import { shots } from './screens';

// Starts like an MP4, so the upload is accepted; ffmpeg cannot read the rest.
const unreadable = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(4000, 7),
]);

test('a family that uploads an unreadable video is told by mail and sees when it will be removed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('unreadable');
  await verifiedAccount(page, email);
  await loginAs(page, email, 'secret123');
  const player = await createPlayerViaApi(page, 'Sky', 'Broken');

  await page.goto(`/players/${player.id}/videos`);
  await expect(page.getByText('No videos yet')).toBeVisible();
  await page
    .getByTestId('video-file-input')
    .last()
    .setInputFiles({ name: 'broken.mp4', mimeType: 'video/mp4', buffer: unreadable });
  await expect(page.getByText('Video uploaded successfully')).toBeVisible();

  // Processing runs in the background job queue: the tile changes once it has read (and failed on) the file.
  const state = page.getByTestId('video-state');
  await expect(async () => {
    await page.reload();
    await expect(state).toContainText(/^Unreadable · removed on [A-Z][a-z]{2} \d{1,2}, \d{4}$/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 120_000 });
  await expect(page.getByTestId('video-tile').getByText('Could not be read')).toBeVisible();
  await expect(page.getByText('Processing...')).toHaveCount(0);
  await expect
    .poll(async () => (await lastMail(page, email)).subject, { timeout: 60_000 })
    .toBe('A video of Sky Broken could not be read');
  // The unreadable file is deleted at once; only the notice stays until its date (decision 196).
  expect((await lastMail(page, email)).text).toMatch(
    /The file has been deleted; the library shows this notice until [A-Z][a-z]{2} \d{1,2}, \d{4}\./,
  );
  await shots(page, 'video-unreadable');
});
