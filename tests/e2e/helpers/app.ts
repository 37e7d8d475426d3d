// A server-rendered page loads its app after the page (src/client/boot.ts): tests that act in the app wait for it.
import type { Page } from '@playwright/test';

/** Call before page.goto: marks the window once the app starts hydrating (main.tsx fires 'touchline:hydrating'). */
export async function watchAppStart(page: Page) {
  await page.addInitScript(() =>
    document.addEventListener('touchline:hydrating', () => document.documentElement.setAttribute('data-app', '')),
  );
}

/** Waits until the app has started hydrating and its requests have settled. */
export async function appStarted(page: Page) {
  await page.locator('html[data-app]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}
