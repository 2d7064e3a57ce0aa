import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { RunClip } from '../server/test/clips';
import { expect } from './fixtures';

/**
 * A player of the signed-in account, made through the API. The sharing and audit journeys sign in as
 * the admin demo account for it: it has 10 credits, so no other journey's credits are spent.
 */
export async function createPlayerViaApi(
  page: Page,
  firstName: string,
  lastName: string,
  over: Record<string, unknown> = {},
) {
  const positions = (await (await page.request.get('/api/positions')).json()) as {
    id: number;
    key: string;
  }[];
  const made = await page.request.post('/api/players', {
    data: {
      firstName,
      lastName,
      level: 'High School',
      school: 'Westlake High School',
      graduationYear: 2027,
      primaryPositionId: positions.find((p) => p.key === 'WR')!.id,
      secondaryPositionId: positions.find((p) => p.key === 'CB')!.id,
      heightInches: 70,
      weight: 170,
      hudlUrl: 'https://www.hudl.com/profile/1',
      gender: 'Female',
      dateOfBirth: '2009-04-12',
      addressLine1: '1 Field Way',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      county: 'Travis',
      email: 'player-private@example.com',
      phone: '5125550100',
      phoneCountryCode: '+1',
      instagramHandle: 'private_insta',
      twitterHandle: 'private_x',
      ...over,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as {
    id: number;
    firstName: string;
    lastName: string;
    primaryPositionId: number;
  };
}

/** The signed-in staff account requests, uploads the run clip and completes a measured Max Speed through the API. */
export async function measureViaApi(
  page: Page,
  player: { id: number; primaryPositionId: number },
  clip: RunClip,
  override?: { maxSpeed: number; reason: string },
) {
  const sent = await page.request.post('/api/analysis-requests', {
    data: {
      playerId: player.id,
      hudlUrl: `https://www.hudl.com/video/3/123/e2e-${Date.now()}`,
      startTime: '00:05',
      season: new Date().getFullYear(),
      positionId: player.primaryPositionId,
      requestType: 'max_speed',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const req = await sent.json();
  const up = await page.request.post(`/api/analysis-requests/${req.id}/source-video`, {
    multipart: { file: { name: 'run.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip.file) } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const videoId = (await up.json()).video.id;
  const marks = clip.crossings.map(({ frameIndex, yardLine }) => ({ frameIndex, yardLine }));
  const done = await page.request.post(`/api/analysis-requests/${req.id}/complete`, {
    multipart: {
      measurement: JSON.stringify({ videoId, landmark: 'torso', marks, ...(override ? { override } : {}) }),
      maxSpeed_percentile: '50',
      // Needed only when 50 is not the population percentile (decision 249); the receipt keeps it then.
      percentileReason: 'Set by the journey',
    },
  });
  expect(done.status(), await done.text()).toBe(200);
  return req.id as number;
}

/**
 * The Max Speed percentile as the analyst leaves it: the field starts at the population percentile once the
 * measurement is confirmed (decision 249); where no group of 20 exists, `fallback` is typed.
 */
export async function acceptPercentile(dialog: Locator, fallback = '70') {
  const hint = dialog.getByText(/^(Population percentile: |No group of 20 verified players)/);
  await expect(hint).toBeVisible();
  const field = dialog.getByLabel('Percentile (0-100)');
  if ((await hint.textContent())?.startsWith('Population percentile: '))
    await expect(field).not.toHaveValue('');
  else await field.fill(fallback);
}
