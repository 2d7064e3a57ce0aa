import path from 'node:path';
import { computeMeasurement, formatSpeed } from '../contract/measurement-math';
import { makeRunClip, type RunClip } from '../server/test/clips';
import { DEMO, expect, shot, test } from './fixtures';
import { DESKTOP, PHONE, shots, signInAs } from './screens';
import { createPlayerViaApi, measureViaApi } from './measured-helpers';
import { scratchDir } from './scratch';

let clip: RunClip;

test.describe('public verified profile', () => {
  test.beforeAll(async () => {
    const dir = scratchDir('va-e2e-share-');
    clip = await makeRunClip(path.join(dir, 'run.mp4'), { fps: '30000/1001', seconds: 2.5, speedYps: 10.2 });
  });

  test('the public page names the school with its town and state (issue 52 item 6)', async ({
    page,
    browser,
  }) => {
    await signInAs(page, DEMO.admin);
    // The family gave the school's state; the directory holds one Allen High School in Texas (and two
    // elsewhere), so its town is known.
    const player = await createPlayerViaApi(page, 'Riley', `Allen${Date.now() % 100000}`, {
      school: 'Allen High School',
      schoolState: 'TX',
    });
    const share = await page.request.put(`/api/players/${player.id}/share`, { data: { enabled: true } });
    expect(share.status(), await share.text()).toBe(200);
    const { path: sharePath } = (await share.json()) as { path: string };
    const coach = await browser.newContext({ javaScriptEnabled: false });
    const pub = await coach.newPage();
    await pub.setViewportSize(PHONE);
    expect((await pub.goto(sharePath))?.status()).toBe(200);
    await expect(pub.locator('.hero .sub')).toHaveText('Allen High School, Allen, TX');
    await shot(pub, 'public-profile-school-phone');
    await coach.close();
  });

  test('a family shares the profile, a coach opens the link signed out and sees the numbers and the receipt', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // The family: the admin demo account owns a new player here (its credits are its own); it measures the run too.
    await signInAs(page, DEMO.admin);
    const player = await createPlayerViaApi(page, 'Casey', `Sharewell${Date.now() % 100000}`);
    const requestId = await measureViaApi(page, player, clip);
    const m = computeMeasurement(
      { times: clip.frameTimes, fps: { num: 30000, den: 1001 }, vfr: false },
      clip.crossings,
    );
    await page.goto(`/players/${player.id}`);
    const toggle = page.getByRole('switch', { name: 'Share verified profile' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Off: nothing about this player is public.')).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const link = page.getByRole('textbox', { name: 'Public link' });
    await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole('checkbox', { name: 'X (Twitter) handle' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Photo' })).toBeChecked();
    await page.getByRole('heading', { name: 'Public verified profile' }).scrollIntoViewIfNeeded();
    await shots(page, 'share-settings');
    const url = await link.inputValue();

    // A coach: a fresh browser context, no cookies, JavaScript off (the page must not need it).
    const coach = await browser.newContext({ javaScriptEnabled: false });
    const pub = await coach.newPage();
    await pub.setViewportSize(PHONE);
    const res = await pub.goto(url);
    expect(res?.status()).toBe(200);
    const name = `${player.firstName} ${player.lastName}`;
    await expect(pub.getByRole('heading', { name })).toBeVisible();
    const speed = pub.getByRole('region', { name: 'Verified Max Speed' });
    await expect(speed).toContainText(formatSpeed(m.maxSpeed, m.plusMinus).replace(' mph ±', ' mph ±'));
    await expect(speed).toContainText(`Method: ${m.methodLabel}`);
    await expect(pub.locator('meta[property="og:image"]')).toHaveAttribute('content', `${url}/share.png`);
    const html = await pub.content();
    for (const secret of [
      'player-private@example.com',
      '2009-04-12',
      '1 Field Way',
      '78701',
      '5125550100',
      'private_insta',
      'private_x',
      'Travis',
      'Austin',
      'Alex Admin',
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    await shot(pub, 'public-profile-phone');
    await pub.setViewportSize(DESKTOP);
    await shot(pub, 'public-profile-desktop');
    await speed.getByRole('link', { name: 'Receipt: stills and splits' }).click();
    await expect(pub).toHaveURL(`${url}/receipts/${requestId}`);
    // The evidence is behind 'Technical details' (decision 208).
    await pub.getByText('Technical details').click();
    await expect(pub.getByText('Marked frames')).toBeVisible();
    await expect(pub.locator('figure img')).toHaveCount(clip.crossings.length);
    await expect(pub.locator('table tbody tr')).toHaveCount(clip.crossings.length - 1);
    // The stills load after the page (lazily): the first one is in view and is decoded within the wait.
    await expect
      .poll(() =>
        pub
          .locator('figure img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await shot(pub, 'public-receipt-desktop');
    await pub.setViewportSize(PHONE);
    await shot(pub, 'public-receipt-phone');

    // The family sees the visits, then turns sharing off: the coach's link is gone at once.
    await page.reload();
    await expect(page.getByTestId('share-views')).toHaveText(/Opened [1-9]\d* times?/);
    await page.getByRole('switch', { name: 'Share verified profile' }).click();
    await expect(page.getByRole('switch', { name: 'Share verified profile' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    const gone = await pub.goto(url);
    expect(gone?.status()).toBe(404);
    await expect(pub.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
    await coach.close();
    // Leave the demo boards as other journeys count them.
    expect((await page.request.delete(`/api/players/${player.id}`)).status()).toBe(200);
  });
});
