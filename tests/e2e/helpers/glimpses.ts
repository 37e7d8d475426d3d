// Catches a state the page shows only for a moment (a loading text, a busy button), which polling can miss on a busy
// machine: a MutationObserver installed before the page's first byte records whether it ever appeared.
import type { Page } from '@playwright/test';

type Glimpse = { text: string; inDisabledButton: boolean };

/**
 * Watches every page `page` loads from now on for `text` (anywhere in the body, or as the whole label of a disabled
 * button); resolves with a reader that says whether it was ever shown. Call it before `page.goto`.
 */
export async function watchFor(page: Page, text: string, { inDisabledButton = false } = {}) {
  const key = `glimpse:${text}`;
  await page.addInitScript(
    ({ key, text, inDisabledButton }: Glimpse & { key: string }) => {
      const seen = window as unknown as Record<string, boolean>;
      seen[key] = false;
      new MutationObserver(() => {
        const shown = inDisabledButton
          ? [...document.querySelectorAll('button')].some((button) => button.disabled && button.textContent === text)
          : document.body?.textContent?.includes(text) === true;
        if (shown) seen[key] = true;
      }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    },
    { key, text, inDisabledButton },
  );
  return () => page.evaluate((name) => (window as unknown as Record<string, boolean>)[name] === true, key);
}
