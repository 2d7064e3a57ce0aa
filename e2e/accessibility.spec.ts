import type { Page } from '@playwright/test';
import { DESKTOP, PHONE } from './auth-helpers';
import { expectAccessible } from './axe';
import { DEMO, expect, loginAs, shot, test } from './fixtures';

/** Every screen, as the role that sees it, at desktop and phone sizes: no serious or critical axe violation. */
const SCREENS: {
  who: string | null;
  path: (ids: { player: number; request: number }) => string;
  ready: string;
  name: string;
}[] = [
  { who: null, path: () => '/auth-page', ready: 'Welcome back', name: 'login' },
  { who: null, path: () => '/auth-page?mode=register', ready: 'Create an account', name: 'register' },
  { who: null, path: () => '/reset-password', ready: 'Reset', name: 'reset password' },
  { who: DEMO.parent, path: () => '/', ready: 'My Players', name: 'dashboard' },
  { who: DEMO.parent, path: () => '/players/new', ready: 'Add player', name: 'add player' },
  {
    who: DEMO.parent,
    path: ({ player }) => `/players/${player}`,
    ready: 'Request History',
    name: 'player card',
  },
  {
    who: DEMO.parent,
    path: ({ player }) => `/players/${player}/edit`,
    ready: 'Edit Player',
    name: 'edit player',
  },
  {
    who: DEMO.parent,
    path: ({ player }) => `/players/${player}/videos`,
    ready: 'Videos',
    name: 'video library',
  },
  { who: DEMO.parent, path: ({ request }) => `/receipts/${request}`, ready: 'Receipt', name: 'receipt' },
  { who: DEMO.parent, path: () => '/subscriptions', ready: 'Plan', name: 'plans' },
  { who: DEMO.parent, path: () => '/profile', ready: 'Profile', name: 'profile' },
  { who: DEMO.parent, path: () => '/leaderboard', ready: 'Leaderboard', name: 'leaderboard' },
  { who: DEMO.analyst, path: () => '/analyst/queue', ready: 'Analysis Queue', name: 'analyst queue' },
  { who: DEMO.admin, path: () => '/admin/users', ready: 'User Management', name: 'user management' },
  { who: DEMO.admin, path: () => '/admin/reporting', ready: 'Reporting', name: 'reporting' },
  { who: DEMO.parent, path: () => '/no-such-page', ready: '404', name: 'not found' },
];

/** The demo family's player and its receipt, looked up once per worker (each worker has its own server). */
let demoIds: { player: number; request: number } | undefined;
async function familyIds(page: Page) {
  if (demoIds) return demoIds;
  await loginAs(page, DEMO.parent);
  const players = await (await page.request.get('/api/players')).json();
  const jordan = players.find((p: any) => p.firstName === 'Jordan');
  const history = await (await page.request.get(`/api/players/${jordan.id}/requests`)).json();
  demoIds = { player: jordan.id, request: history.find((r: any) => r.resultPath)?.id ?? 0 };
  return demoIds;
}

test.describe('accessibility of every screen', () => {
  for (const s of SCREENS) {
    test(`${s.name}: no serious or critical axe violations at desktop and phone sizes`, async ({ page }) => {
      let ids = { player: 0, request: 0 };
      if (s.who) {
        ids = await familyIds(page);
        await loginAs(page, s.who);
      }
      await page.setViewportSize(DESKTOP);
      await page.goto(s.path(ids));
      await expect(page.locator('main').getByText(s.ready).first()).toBeVisible();
      await expectAccessible(page, `${s.name} (${DESKTOP.width}px)`);
      // The same page turned to a phone's width, as a phone user's browser would lay it out.
      await page.setViewportSize(PHONE);
      await expect(page.locator('main').getByText(s.ready).first()).toBeVisible();
      await expectAccessible(page, `${s.name} (${PHONE.width}px)`);
    });
  }

  test('a skip link is the first stop and moves to the main content', async ({ page }) => {
    await loginAs(page, DEMO.parent);
    await page.goto('/');
    await expect(page.getByText('My Players')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await shot(page, 'a11y-skip-link-desktop');
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('on a phone the queue keeps its Process button in view, and the player name beside it whole', async ({
    page,
  }) => {
    await loginAs(page, DEMO.analyst);
    await page.setViewportSize(PHONE);
    await page.goto('/analyst/queue');
    const process = page.getByRole('button', { name: 'Process' }).first();
    await expect(process).toBeVisible();
    const box = (await process.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.x).toBeGreaterThanOrEqual(0);
    // The name ends before the pinned button starts: nothing of it is under the button or scrolled away.
    const name = page.getByTestId('queue-player').first();
    await expect(name).toHaveText(/\S+ \S+/);
    const text = await name.evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return r.getBoundingClientRect().right;
    });
    expect(text).toBeLessThanOrEqual(box.x);
    await shot(page, 'a11y-queue-phone');
  });
});
