// axe-core's WCAG 2.1 A/AA check of the page as it stands, each violation as one readable line with its nodes.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The WCAG A/AA violations axe finds on the page, as text (an empty list when there are none). */
export async function axeViolations(page: Page): Promise<string[]> {
  // One axe.run in the page (legacy mode): the default runs each frame apart and merges the results in a new blank
  // page, which cost about half of each check; the site's pages have no cross-origin frames, where the two differ.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary}`).join('\n'),
  );
}

/** Switches the page's theme as another tab's choice reaches it (the storage event), and waits until it shows. */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((next) => {
    localStorage.setItem('theme', next);
    dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: next }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** No axe violation in the theme the page shows (dark, the default), then none in the light one; `what` names the page. */
export async function expectAxeCleanInBothThemes(page: Page, what = 'the page'): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${what} in the dark theme`).toEqual([]);
  await switchTheme(page, 'light');
  expect(await axeViolations(page), `axe violations on ${what} in the light theme`).toEqual([]);
}
