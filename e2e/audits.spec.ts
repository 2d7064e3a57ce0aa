import path from 'node:path';
import { computeMeasurement, formatSpeed } from '../contract/measurement-math';
import { makeRunClip, type RunClip } from '../server/test/clips';
import { DEMO, expect, shot, test } from './fixtures';
import { DESKTOP, PHONE, signInAs } from './screens';
import { createPlayerViaApi, measureViaApi } from './measured-helpers';
import { scratchDir } from './scratch';

let clip: RunClip;

test.describe('second-analyst audit', () => {
  test.beforeAll(async () => {
    const dir = scratchDir('va-e2e-audit-');
    clip = await makeRunClip(path.join(dir, 'run.mp4'), { fps: '30000/1001', seconds: 2.5, speedYps: 10.4 });
  });

  test('an analyst measures blind; the results disagree; an admin confirms one and the family sees it', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const m = computeMeasurement(
      { times: clip.frameTimes, fps: { num: 30000, den: 1001 }, vfr: false },
      clip.crossings,
    );
    const firstValue = Math.round((m.maxSpeed + 3) * 10) / 10;
    const firstText = formatSpeed(firstValue, m.plusMinus);

    // Every completed max speed is audited. The admin account (10 credits, so no other journey's
    // credits are spent) is the family here, and measures first, with an override 3 mph too fast.
    await signInAs(page, DEMO.admin);
    expect((await page.request.put('/api/audits/settings', { data: { ratePercent: 100 } })).status()).toBe(
      200,
    );
    const player = await createPlayerViaApi(page, 'Audrey', `Blind${Date.now() % 100000}`);
    const reqId = await measureViaApi(page, player, clip, {
      maxSpeed: firstValue,
      reason: 'Typed from the stopwatch',
    });
    const req = { id: reqId };

    // The analyst takes the audit: the same clip, none of the first marks or result.
    await signInAs(page, DEMO.analyst);
    expect((await page.request.get(`/api/analysis-requests/${req.id}/receipt`)).status()).toBe(404);
    await page.setViewportSize(DESKTOP);
    await page.goto('/analyst/audits');
    const row = page.getByTestId('audit-item').filter({ hasText: `request #${req.id}` });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('mph');
    await row.getByRole('button', { name: 'Measure blind' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blind audit' });
    const viewer = dialog.getByRole('group', { name: 'Frame viewer' });
    await expect(viewer.getByTestId('frame-label')).toHaveText(`Frame 1 of ${clip.frameTimes.length}`);
    await expect(dialog.getByTestId('mark-list').getByRole('listitem')).toHaveCount(0);
    await expect(dialog).not.toContainText(firstValue.toFixed(1));
    for (const c of clip.crossings) {
      await viewer.getByLabel('Go to frame').fill(String(c.frameIndex + 1));
      await viewer.getByLabel('Go to frame').press('Enter');
      await expect(viewer.getByTestId('frame-label')).toHaveText(
        `Frame ${c.frameIndex + 1} of ${clip.frameTimes.length}`,
      );
      await viewer.getByLabel('Yard line').fill(String(c.yardLine));
      await viewer.getByRole('button', { name: 'Mark this frame' }).click();
    }
    await expect(dialog.getByTestId('live-speed')).toHaveText(formatSpeed(m.maxSpeed, m.plusMinus));
    await dialog.getByRole('button', { name: 'Confirm measurement' }).click();
    await shot(page, 'audit-blind-workbench-desktop');
    await dialog.getByRole('button', { name: 'Submit audit' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      'Flagged for an admin: the results differ by more than their bounds',
    );
    await expect(dialog.getByRole('status')).toContainText(`First analyst: ${firstText}`);
    await shot(page, 'audit-outcome-desktop');

    // The family sees that the number is under review.
    await signInAs(page, DEMO.admin);
    await page.goto(`/receipts/${req.id}`);
    await expect(page.getByTestId('audit-badge')).toHaveText(
      'Under review: a second analyst measured a different value',
    );

    // The admin compares both and confirms the audit; the family then sees the confirmed value.
    await signInAs(page, DEMO.admin);
    await page.goto('/admin/audits');
    const flagged = page.getByTestId('flagged-audit').filter({ hasText: `request #${req.id}` });
    await expect(flagged).toContainText(firstText);
    await expect(flagged).toContainText(formatSpeed(m.maxSpeed, m.plusMinus));
    await expect(flagged).toContainText('difference 3.0 mph');
    await shot(page, 'audit-admin-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'audit-admin-phone');
    await page.setViewportSize(DESKTOP);
    const flaggedCount = async () =>
      Number(/(\d+) flagged/.exec((await page.getByTestId('audit-summary').textContent()) ?? '')![1]);
    await expect(page.getByTestId('audit-summary')).toContainText('flagged');
    const before = await flaggedCount();
    await flagged.getByRole('button', { name: 'Confirm audit' }).click();
    await expect(page.getByTestId('flagged-audit').filter({ hasText: `request #${req.id}` })).toHaveCount(0);
    await expect(page.getByTestId('audit-summary')).toContainText(`${before - 1} flagged`);
    // The audited analyst (the admin here) and the auditor each have a row.
    await expect(page.getByRole('row').filter({ hasText: 'Ana Lyst' })).toBeVisible();
    expect((await page.request.put('/api/audits/settings', { data: { ratePercent: 10 } })).status()).toBe(
      200,
    );

    await page.goto(`/receipts/${req.id}`);
    await expect(page.getByTestId('audit-badge')).toHaveText(
      'Confirmed by an admin after a second measurement',
    );
    await expect(page.getByTestId('receipt-speed')).toHaveText(formatSpeed(m.maxSpeed, m.plusMinus));
    // Leave the demo boards as other journeys count them.
    expect((await page.request.delete(`/api/players/${player.id}`)).status()).toBe(200);
  });
});
