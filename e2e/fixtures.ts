import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { E2E_BASE_PORT } from './ports';

export const DEMO = {
  admin: 'admin@demo.test',
  analyst: 'analyst@demo.test',
  parent: 'parent@demo.test',
  password: 'demo1234',
} as const;

const workerURL = (parallelIndex: number) => `http://localhost:${E2E_BASE_PORT + parallelIndex}`;

/** What a test may leave in the worker's browser profile besides cookies (sessionStorage goes with its tab). */
const SITE_STORAGE =
  'local_storage,indexeddb,websql,service_workers,cache_storage,file_systems,shared_storage,storage_buckets';

/**
 * Each worker talks to its own server (playwright.config.ts, decision 183): worker slot i to port + i.
 * Each worker keeps one browser profile on disk (decision 195): its HTTP and compiled-code caches hold the
 * app's scripts, so a page starts in about half the CPU of a fresh incognito context, where every test
 * compiled the whole app again. Between tests the site's data goes (cookies, permissions, local storage,
 * IndexedDB, service workers), and each test has a page (a tab) of its own.
 * Any console error or uncaught page error fails the test.
 */
export const test = base.extend<{ consoleErrors: string[] }, { profile: BrowserContext }>({
  profile: [
    async ({ playwright, launchOptions, headless }, use, workerInfo) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'va-e2e-profile-'));
      const context = await playwright.chromium.launchPersistentContext(dir, {
        headless,
        ...launchOptions,
        baseURL: workerURL(workerInfo.parallelIndex),
        viewport: { width: 1280, height: 720 },
      });
      await use(context);
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(workerURL(testInfo.parallelIndex));
  },
  context: async ({ profile, baseURL }, use) => {
    await use(profile);
    for (const open of profile.pages().slice(1)) await open.close();
    await profile.clearCookies();
    await profile.clearPermissions();
    const cdp = await profile.newCDPSession(profile.pages()[0]);
    await cdp.send('Storage.clearDataForOrigin', { origin: baseURL!, storageTypes: SITE_STORAGE });
    await cdp.detach();
  },
  page: async ({ context, viewport }, use) => {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Logs in through the API (same origin), so the page starts signed in. */
export async function loginAs(page: Page, username: string, password: string = DEMO.password) {
  const res = await page.request.post('/api/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Reads the last mail sent to an address from the dev outbox (test-only endpoint). */
export async function lastMail(page: Page, to: string) {
  const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { subject: string; text: string };
}

/** Screens are written for people to look at, on demand (`SCREENSHOTS=1`); a normal run writes none. */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

export async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  // What is drawn after the first paint (charts behind a skeleton) is waited for, so that the screen shows
  // what a person sees a moment later; a screen still loading after 5 s is taken as it is.
  await page
    .waitForFunction(() => !document.querySelector('.animate-pulse'), undefined, { timeout: 5000 })
    .catch(() => undefined);
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
