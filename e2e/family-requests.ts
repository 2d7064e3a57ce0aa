import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The demo family's few credits are spent by other journeys, in an order that depends on the run:
 * each measured request buys its own credit through the test checkout first.
 */
export async function buySpeedCredit(page: Page) {
  const credits = async () =>
    ((await (await page.request.get('/api/user')).json()) as { credits: number }).credits;
  const before = await credits();
  const plans = (await (await page.request.get('/api/plans')).json()) as { id: number; key: string }[];
  const checkout = await page.request.post('/api/checkout', {
    data: { planId: plans.find((p) => p.key === 'speed-single')!.id },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = /cs_test_[A-Za-z0-9_]+/.exec(((await checkout.json()) as { url: string }).url)![0];
  const paid = await page.request.post(`/api/checkout/test/${sessionId}/pay`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect.poll(credits).toBe(before + 1);
}

/**
 * The signed-in demo family buys a credit, uploads `file` to Jordan's library and asks for an analysis
 * of it (a Max Speed, with a Hudl link named by `tag`, or a 40), all through the API.
 */
export async function requestWithClip(
  page: Page,
  file: string,
  opts: { type: 'max_speed' | 'forty'; tag?: string; name?: string },
) {
  await buySpeedCredit(page);
  const players = (await (await page.request.get('/api/players')).json()) as {
    id: number;
    firstName: string;
    primaryPositionId: number;
  }[];
  const jordan = players.find((p) => p.firstName === 'Jordan')!;
  const up = await page.request.post('/api/videos/upload', {
    multipart: {
      playerId: String(jordan.id),
      file: { name: opts.name ?? path.basename(file), mimeType: 'video/mp4', buffer: readFileSync(file) },
    },
  });
  expect(up.status(), await up.text()).toBe(201);
  const videoId = ((await up.json()) as { id: number }).id;
  // The clip is processed and checked for each kind before it can be asked about (decision 247).
  await expect
    .poll(async () => (await page.request.get(`/api/videos/${videoId}/readiness`)).status(), {
      timeout: 120_000,
    })
    .toBe(200);
  const speed =
    opts.type === 'max_speed'
      ? { hudlUrl: `https://www.hudl.com/video/3/e2e/${opts.tag ?? 'm'}-${Date.now()}`, startTime: '00:05' }
      : {};
  const req = await page.request.post('/api/analysis-requests', {
    data: {
      playerId: jordan.id,
      requestType: opts.type,
      ...speed,
      season: new Date().getFullYear(),
      positionId: jordan.primaryPositionId,
      videoId,
    },
  });
  expect(req.status(), await req.text()).toBe(201);
  return { requestId: ((await req.json()) as { id: number }).id, playerId: jordan.id, videoId };
}
