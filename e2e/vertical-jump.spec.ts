import path from 'node:path';
import { VERTICAL_MEASUREMENT_REQUIRED } from '../contract/vertical-jump';
import { computeVertical, formatVertical } from '../contract/vertical-jump-math';
import { makeJumpClip, type JumpClip } from '../server/lib/jump-clip';
import { DEMO, expect, loginAs, shot, test } from './fixtures';
import { DESKTOP, shots, signInAs } from './screens';
import { buySpeedCredit } from './family-requests';
import { scratchDir } from './scratch';
import { clickFrameAt } from './frame-viewer';

/**
 * The verified vertical jump (issue 51, decision 243): the family requests it with the clip from the player
 * card, the analyst has the tracker propose the take-off and landing frames on the frame-exact viewer,
 * checks them and completes; the family and a signed-out visitor see the height with its receipt.
 */
let clip: JumpClip;

test.describe('verified vertical jump', () => {
  test.beforeAll(async () => {
    clip = await makeJumpClip(path.join(scratchDir('va-e2e-vertical-'), 'jump-240.mp4'), {
      fps: 240,
      flightSeconds: 0.6,
    });
  });

  test('requested with the clip, marked by the analyst, shown with its receipt to the family and a visitor', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const expected = computeVertical(
      { times: clip.frameTimes, fps: { num: 240, den: 1 }, vfr: false },
      { takeoffFrame: clip.takeoffFrame, landingFrame: clip.landingFrame },
    );
    const heightText = formatVertical(expected.heightInches, expected.plusMinusInches, expected.method);
    expect(heightText).toMatch(/^\d+\.\d in ± 0\.\d, verified vertical, video 240 fps$/);

    await page.setViewportSize(DESKTOP);
    await loginAs(page, DEMO.parent);
    await buySpeedCredit(page);
    const players = (await (await page.request.get('/api/players')).json()) as {
      id: number;
      firstName: string;
    }[];
    const casey = players.find((p) => p.firstName === 'Casey')!;
    await page.goto(`/players/${casey.id}`);
    await page.getByRole('button', { name: 'Verified Vertical Jump' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Verified Vertical Jump' });
    // The credit it spends is named, with everything that balance buys.
    await expect(dialog).toContainText('Speed credit');
    await expect(dialog).toContainText('Vertical Jump');
    const filming = dialog.getByRole('list', { name: 'How to film the jump' });
    await expect(filming).toContainText(
      'Phone on the ground or on a tripod at hip height, 2-3 m to the side of the jumper.',
    );
    await expect(filming).toContainText('Both feet in view from before the take-off to after the landing.');
    await expect(filming).toContainText('120 or 240 fps');
    await expect(filming).toContainText('Knees straight at the landing');
    await expect(filming).toContainText('Hands on the hips for a countermovement jump.');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByText('Upload the clip of the jump with the request')).toBeVisible();
    await dialog.getByTestId('video-file-input').setInputFiles(clip.file);
    await expect(dialog.getByText(/Clip #\d+ uploaded/)).toBeVisible();
    const videoId = Number(
      /Clip #(\d+)/.exec((await dialog.getByText(/Clip #\d+ uploaded/).textContent())!)![1],
    );
    await shots(page, 'vertical-request-dialog');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Verified Vertical Jump Request Submitted')).toBeVisible({ timeout: 60_000 });

    await signInAs(page, DEMO.analyst);
    const queue = (await (await page.request.get('/api/analysis-requests/queue?limit=200')).json()) as {
      id: number;
      requestType: string;
      sourceVideoId: number | null;
    }[];
    const item = queue.find((q) => q.requestType === 'vertical_jump' && q.sourceVideoId === videoId)!;
    expect(item).toBeTruthy();
    await page.goto('/analyst/queue');
    await page.getByTestId(`queue-row-${item.id}`).getByRole('button', { name: 'Process' }).click();
    const process = page.getByRole('dialog', { name: 'Process Analysis Request' });
    const bench = process.getByRole('region', { name: 'Verified vertical jump workbench' });
    const viewer = bench.getByRole('group', { name: 'Frame viewer' });
    await expect(viewer.getByTestId('frame-label')).toBeVisible({ timeout: 150_000 });
    await expect(process.getByText('Mark the take-off and the landing to see the height.')).toBeVisible();
    await expect(process.getByRole('button', { name: 'Complete Analysis' })).toHaveAccessibleDescription(
      VERTICAL_MEASUREMENT_REQUIRED,
    );

    // The tracker proposes both frames from a click on the feet of the standing jumper (frame 1).
    const canvas = viewer.getByTestId('frame-canvas');
    await expect(canvas).toHaveAttribute('aria-busy', 'false');
    await bench.getByRole('button', { name: 'Propose the frames' }).click();
    await clickFrameAt(
      canvas,
      { x: clip.feet.x, y: clip.feet.y - 1 },
      { width: clip.width, height: clip.height },
    );
    const marks = bench.getByRole('list', { name: 'Vertical jump marks' });
    const frameOf = async (label: string) =>
      Number(/Frame (\d+)/.exec((await marks.getByText(label).textContent()) ?? '')?.[1] ?? NaN) - 1;
    await expect(marks).toContainText(/Take-off: both feet off the ground: Frame \d+/, { timeout: 60_000 });
    await expect(marks).toContainText(/Landing: a foot on the ground: Frame \d+/);
    expect(Math.abs((await frameOf('Take-off')) - clip.takeoffFrame)).toBeLessThanOrEqual(1);
    expect(Math.abs((await frameOf('Landing')) - clip.landingFrame)).toBeLessThanOrEqual(1);
    await shots(page, 'vertical-proposed');
    // The analyst checks each frame and marks the true ones.
    for (const [name, f] of [
      ['Mark take-off here', clip.takeoffFrame],
      ['Mark landing here', clip.landingFrame],
    ] as const) {
      await viewer.getByLabel('Go to frame').fill(String(f + 1));
      await viewer.getByLabel('Go to frame').press('Enter');
      await expect(viewer.getByTestId('frame-label')).toHaveText(new RegExp(`^Frame ${f + 1} of `));
      await bench.getByRole('button', { name }).click();
    }
    await expect(bench.getByTestId('live-vertical')).toHaveText(heightText);
    await shots(page, 'vertical-workbench');
    await bench.getByRole('button', { name: 'Confirm height' }).click();
    await process.getByRole('button', { name: 'Complete Analysis' }).click();
    await expect(page.getByText('Request processed successfully')).toBeVisible();

    await signInAs(page, DEMO.parent);
    await page.goto(`/players/${casey.id}`);
    const tile = page.getByTestId('best-vertical_jump');
    await expect(tile).toContainText(formatVertical(expected.heightInches, expected.plusMinusInches));
    await expect(tile).toContainText(expected.method);
    await page.getByTestId('player-stats').getByRole('radio', { name: 'Vertical jump' }).click();
    const results = page.getByTestId('vertical-results');
    await expect(results.getByTestId('vertical-height').first()).toHaveText(heightText);
    await expect(
      page.getByTestId('request-history-item').filter({ hasText: 'Verified Vertical Jump' }).first(),
    ).toContainText(`Result: ${heightText}`);
    await shots(page, 'vertical-player-card');
    await results
      .getByRole('link', { name: /Receipt/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/vertical-receipts/${item.id}$`));
    await expect(page.getByTestId('receipt-vertical')).toHaveText(heightText);
    await expect(page.getByText('Method: flight time.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('vertical-not-covered')).toContainText('tucks the legs');
    for (const label of [
      'Take-off: first frame with both feet off the ground',
      'Landing: first frame with a foot on the ground',
    ])
      await expect(page.getByRole('img', { name: label })).toBeVisible();
    await shots(page, 'vertical-receipt');

    // A signed-out visitor on the shared profile: the height, and its receipt with the stills.
    const shared = await page.request.put(`/api/players/${casey.id}/share`, { data: { enabled: true } });
    expect(shared.status(), await shared.text()).toBe(200);
    const publicPath = ((await shared.json()) as { path: string }).path;
    const visitor = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await visitor.goto(publicPath);
    const card = visitor.getByRole('region', { name: 'Verified Vertical Jump' });
    await expect(card).toContainText(formatVertical(expected.heightInches, expected.plusMinusInches));
    await expect(card).toContainText(`Method: ${expected.method}`);
    await shot(visitor, 'vertical-public-profile');
    await card.getByRole('link', { name: 'Receipt: the marked frames' }).click();
    await expect(visitor.getByText(heightText).first()).toBeVisible();
    await expect(visitor.getByText('tucks the legs', { exact: false })).toBeVisible();
    await expect(
      visitor.getByRole('img', { name: 'Landing: first frame with a foot on the ground' }),
    ).toBeVisible();
    await shot(visitor, 'vertical-public-receipt');
    await visitor.close();
  });
});
