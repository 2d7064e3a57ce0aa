import type { Page } from '@playwright/test';
import { DESKTOP, PHONE } from './auth-helpers';
import { loginAs, SCREENSHOTS, shot } from './fixtures';

export { DESKTOP, PHONE };

/** A full-page screenshot at desktop and at phone width, back at desktop afterwards. */
export async function shots(page: Page, name: string, desktop: { width: number; height: number } = DESKTOP) {
  await page.setViewportSize(desktop);
  // Without SCREENSHOTS=1 nothing is written; the journey goes on at desktop size either way.
  if (!SCREENSHOTS) return;
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`);
  await page.setViewportSize(desktop);
}

/** Switches the page's session to another account (through the API). */
export async function signInAs(page: Page, who: string, password?: string) {
  await page.request.post('/api/logout');
  await loginAs(page, who, password);
}
