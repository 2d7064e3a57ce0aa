import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, shot, test } from './fixtures';
import { DESKTOP, PHONE, shots } from './screens';

interface Video {
  id: number;
  maxSpeed: number | null;
  analysisRequestId: number | null;
  createdAt: string;
  status: string;
}

async function jordan(page: Page) {
  const players = (await (await page.request.get('/api/players')).json()) as {
    id: number;
    firstName: string;
  }[];
  const player = players.find((p) => p.firstName === 'Jordan')!;
  const { videos } = (await (await page.request.get(`/api/videos/${player.id}`)).json()) as {
    videos: Video[];
  };
  const latest = videos
    .filter((v) => v.maxSpeed !== null && v.analysisRequestId !== null)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  return { player, latest };
}

test.describe('results and receipts a family can read (issue 27 items 6, 8, 11, 13)', () => {
  test('the receipt leads with plain words; the engineers’ evidence waits behind Technical details', async ({
    page,
  }) => {
    await loginAs(page, DEMO.parent);
    const { latest } = await jordan(page);
    await page.goto(`/receipts/${latest.analysisRequestId}`);
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByTestId('receipt-summary')).toContainText(
      /^Measured from your video at [\d.]+ frames per second: \d+\.\d mph, accurate to ±\s\d\.\d\smph\./,
    );
    await expect(receipt.getByTestId('receipt-summary')).toContainText(
      /The player crossed \d+ yard lines; here is each crossing\./,
    );
    for (const engineer of [/frameIndex/, /SHA-256/, /Time base/, /mov,mp4/])
      await expect(receipt.getByText(engineer)).toHaveCount(0);
    const toggle = receipt.getByRole('button', { name: 'Technical details' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The chart comes once the receipt has painted (decision 220); it comes.
    await expect(receipt.getByRole('img', { name: 'Speed by distance' })).toBeVisible();
    await shots(page, 'receipt-plain');
    await toggle.click();
    await expect(receipt.getByTestId('receipt-facts')).toContainText('Source SHA-256');
    await expect(receipt.getByTestId('marked-frame-caption')).toContainText('frameIndex');
    await shots(page, 'receipt-technical');
  });

  test('the public receipt reads the same way; an unknown profile has no footer about numbers', async ({
    page,
  }) => {
    await loginAs(page, DEMO.parent);
    const { player, latest } = await jordan(page);
    const share = await page.request.put(`/api/players/${player.id}/share`, { data: { enabled: true } });
    const { path } = (await share.json()) as { path: string };
    try {
      await page.goto(`${path}/receipts/${latest.analysisRequestId}`);
      await expect(page.locator('.summary')).toContainText(
        /^Measured from the video at [\d.]+ frames per second/,
      );
      const details = page.locator('details.card');
      await expect(details).not.toHaveAttribute('open', /.*/);
      await expect(page.getByText(/Marked frames \(numbered from 1\)/)).toBeHidden();
      await shots(page, 'public-receipt-plain');
      await page.getByText('Technical details').click();
      await expect(page.getByText(/Marked frames \(numbered from 1\)/)).toBeVisible();
      await shot(page, 'public-receipt-technical-desktop');
      await expect(page.locator('footer')).toContainText('Numbers on this page were measured');
    } finally {
      await page.request.put(`/api/players/${player.id}/share`, { data: { enabled: false } });
    }
    const missing = await page.goto('/p/not-a-real-slug-at-all');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
    await expect(page.getByText('Numbers on this page were measured')).toHaveCount(0);
    await shots(page, 'public-profile-not-found');
  });

  test('the video player fills its frame, with no bar beside the video; the card at desktop and phone width', async ({
    page,
  }) => {
    await loginAs(page, DEMO.parent);
    const { player } = await jordan(page);
    await page.goto(`/players/${player.id}`);
    await expect(page.getByTestId('latest-speed')).toContainText('mph ±');
    // The profile card ends where its content ends (issue 27 item 13: no card stretched empty).
    const slack = await page.getByTestId('player-profile').evaluate((card) => {
      const content = card.firstElementChild!;
      return card.getBoundingClientRect().bottom - content.getBoundingClientRect().bottom;
    });
    expect(slack).toBeLessThan(40);
    await shots(page, 'player-card');
    const SHORT = { width: 1280, height: 560 };
    for (const size of [DESKTOP, PHONE, SHORT]) {
      await page.setViewportSize(size);
      // One of the seeded clips (named by their season; a clip another journey uploads to this shared family
      // carries its file's name, and its file may be gone with that journey's scratch folder).
      await page
        .getByTestId('carousel-video')
        .filter({ hasText: /Season \d{4}/ })
        .first()
        .getByRole('button')
        .click();
      const dialog = page.getByRole('dialog', { name: 'Video Player' });
      const video = dialog.getByTestId('video-player');
      await expect(video).toBeVisible();
      // The black frame and the video are as wide as the dialog's content: nothing white to their right.
      // Measured again while the player is still settling (a playback error earns one fresh address,
      // and the video is made anew with it).
      await expect(async () => {
        const widths = await dialog.evaluate((d) => {
          const v = d.querySelector('video');
          if (!v?.parentElement) return null;
          return {
            frame: v.parentElement.getBoundingClientRect().width,
            video: v.getBoundingClientRect().width,
            scroll: d.scrollWidth - d.clientWidth,
          };
        });
        expect(widths).not.toBeNull();
        expect(widths!.scroll).toBe(0);
        expect(Math.abs(widths!.video - widths!.frame)).toBeLessThan(1);
      }).toPass({ timeout: 10_000 });
      await dialog.screenshot({
        path: `test-results/screens/video-player-dialog-${size.width}x${size.height}.png`,
      });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });

  test('diagnostics pages signed out say so, with the way in and the way back', async ({ page }) => {
    await page.goto('/webhook-debug');
    await expect(page.getByTestId('sign-in-notice')).toContainText('You are signed out');
    // Not a bare error: the specification's status line stands beside the notice and its links.
    await expect(page.getByText('Error fetching webhook status: Not authenticated')).toBeVisible();
    await shots(page, 'webhook-debug-signed-out');
    await page.goto('/test-video-download');
    await page.getByRole('button', { name: 'Download Video' }).click();
    await expect(page.getByTestId('download-problem')).toContainText('You are signed out.');
    await shots(page, 'test-video-download-signed-out');
    await page.getByTestId('download-problem').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth-page\?next=%2Ftest-video-download$/);
  });
});
