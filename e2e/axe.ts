import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Runs axe (WCAG 2.1 A/AA rules) on the page as it is now and fails on serious or critical violations,
 * naming each rule and the elements it found.
 */
export async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Off by default in axe: a control's accessible name must contain its visible label (WCAG 2.5.3).
    // Only violations are reported, so axe does not collect and serialise every passing node as well.
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode(true)
    .analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(bad, `accessibility violations on ${screen}`).toEqual([]);
}
