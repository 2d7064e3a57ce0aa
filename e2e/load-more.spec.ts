import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeSampleVideo } from '../server/lib/ffmpeg';
import { uniqueEmail } from './auth-helpers';
import { DEMO, expect, loginAs, test } from './fixtures';
import { createPlayerViaApi } from './measured-helpers';
import { shots, signInAs } from './screens';
import { scratchDir } from './scratch';

/** One page more than the web asks for (12 players, 12 videos a page), so exactly one 'Load more' is needed. */
const COUNT = 13;

/** A new family (created by the admin, so verified) signed in on the page. */
async function newFamily(page: Page) {
  const email = uniqueEmail('pager');
  await loginAs(page, DEMO.admin);
  const res = await page.request.post('/api/admin/users', {
    data: { email, username: email, role: 'user', password: 'secret123' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.request.post('/api/logout');
  await loginAs(page, email, 'secret123');
  return email;
}

async function addPlayers(page: Page) {
  const ids: number[] = [];
  for (let i = 1; i <= COUNT; i++) {
    ids.push((await createPlayerViaApi(page, `Pager${String(i).padStart(2, '0')}`, 'Family')).id);
  }
  return ids;
}

test.describe('lists that grow on the family screens', () => {
  test('the dashboard and the video library show a page and load the rest with Load more', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await newFamily(page);
    const ids = await addPlayers(page);

    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Players' }).getByRole('listitem');
    await expect(cards).toHaveCount(12);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await expect(loadMore).toBeVisible();
    // Newest first: the first player added is on the second page.
    await expect(page.getByRole('heading', { name: 'Pager13 Family' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pager01 Family' })).toHaveCount(0);
    await shots(page, 'load-more-players');
    await loadMore.click();
    await expect(cards).toHaveCount(COUNT);
    await expect(page.getByRole('heading', { name: 'Pager01 Family' })).toBeVisible();
    await expect(loadMore).toHaveCount(0);
    await shots(page, 'load-more-players-all');

    const file = path.join(scratchDir('va-e2e-pager-'), 'clip.mp4');
    await makeSampleVideo(file, { seconds: 1 });
    const buffer = readFileSync(file);
    const player = ids[0];
    for (let i = 1; i <= COUNT; i++) {
      const up = await page.request.post('/api/videos/upload', {
        multipart: {
          playerId: String(player),
          file: { name: `game-${i}.mp4`, mimeType: 'video/mp4', buffer },
        },
      });
      expect(up.status(), await up.text()).toBe(201);
    }
    await page.goto(`/players/${player}/videos`);
    const tiles = page.getByTestId('video-tile');
    await expect(tiles).toHaveCount(12);
    await expect(loadMore).toBeVisible();
    await shots(page, 'load-more-videos');
    await loadMore.click();
    await expect(tiles).toHaveCount(COUNT);
    await expect(loadMore).toHaveCount(0);
    await shots(page, 'load-more-videos-all');

    // Another family sees none of these players, however far it pages.
    await signInAs(page, DEMO.parent);
    const theirs = (await (await page.request.get('/api/players?limit=100')).json()) as { id: number }[];
    expect(theirs.some((p) => ids.includes(p.id))).toBe(false);
  });
});
