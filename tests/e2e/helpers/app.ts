// A server-rendered page loads its app after the page (src/client/boot.ts): tests that act in the app wait for it.
import type { Page } from '@playwright/test';

/**
 * Call before page.goto. Marks <html> with data-app once the app starts hydrating (main.tsx fires
 * 'touchline:hydrating'), and with data-app-ready once React has committed its first render: hydration runs in a
 * transition, in slices, so between the two a press may reach a part not hydrated yet and the router does not listen
 * to history yet. React reports every commit to a devtools hook when the page has one (production builds too); this
 * is the smallest hook it accepts.
 */
export async function watchAppStart(page: Page) {
  await page.addInitScript(() => {
    const mark = (name: string) => document.documentElement.setAttribute(name, '');
    document.addEventListener('touchline:hydrating', () => mark('data-app'));
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        inject: () => 1,
        onCommitFiberRoot: () => mark('data-app-ready'),
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
      },
    });
  });
}

/** Waits until the app has committed its first render (hydrated, or rendered in the browser) and its requests settled. */
export async function appStarted(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}
