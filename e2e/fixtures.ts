import { test as base, expect, type Page } from '@playwright/test';
import { E2E_BASE_PORT } from './ports';

export const DEMO = {
  admin: 'admin@demo.test',
  analyst: 'analyst@demo.test',
  parent: 'parent@demo.test',
  password: 'demo1234',
} as const;

/**
 * Each worker talks to its own server (playwright.config.ts, decision 183): worker slot i to port + i.
 * Any console error or uncaught page error fails the test.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${E2E_BASE_PORT + testInfo.parallelIndex}`);
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
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
