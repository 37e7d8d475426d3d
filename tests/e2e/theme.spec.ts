// The light/dark theme: dark by default, the toggle flips it and stores it, a reload keeps it, no flash of the wrong one.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { appStarted, watchAppStart } from './helpers/app';

const html = (page: Page) => page.locator('html');
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
/** The colours the visitor sees behind the content (html and body, either may carry the theme background). */
const pageBackground = (page: Page) =>
  page.evaluate(() => [document.documentElement, document.body].map((el) => getComputedStyle(el).backgroundColor));

test('the site starts dark, the toggle switches to light and back, and the choice is stored @phone', async ({
  page,
}) => {
  await page.goto('/');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  const darkBackground = await pageBackground(page);

  await page.getByRole('button', { name: /light theme/i }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  expect(await storedTheme(page)).toBe('light');
  expect(await pageBackground(page)).not.toEqual(darkBackground);

  await page.getByRole('button', { name: /dark theme/i }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  expect(await storedTheme(page)).toBe('dark');
  expect(await pageBackground(page)).toEqual(darkBackground);
});

test('the chosen theme survives a reload and a route change', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('button', { name: /light theme/i }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');

  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: /dark theme/i })).toBeVisible();

  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL('/');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
});

test('the stored theme is applied before any of our JavaScript runs (no flash of the dark theme)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.goto('/sample');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  const lightBackground = await pageBackground(page);

  // Same page with every script file refused: only the inline script of index.html (allowed by the CSP hash) runs.
  const scriptFiles: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => {
      scriptFiles.push(route.request().url());
      return route.abort();
    },
  );
  await page.goto('/sample', { waitUntil: 'load' });
  expect(scriptFiles.length, 'the bundle was requested (and refused)').toBeGreaterThan(0);
  // The server-rendered page shows, themed by the inline script alone.
  await expect(page.getByRole('heading', { level: 1, name: /video channel/i })).toBeVisible();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).toEqual(lightBackground);
});

test('anything but light or dark in storage means dark', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'purple'));
  await page.goto('/');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: /light theme/i })).toBeVisible();
});

test('before the app has loaded, the toggle already switches and stores the theme, and the app then keeps it', async ({
  page,
}) => {
  // A server-rendered page loads its app after the page (src/client/boot.ts); hold the app back until the click is done.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  const appRequested: string[] = [];
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    appRequested.push(route.request().url());
    await appHeld;
    await route.continue();
  });
  await watchAppStart(page);
  await page.goto('/sample');
  await expect.poll(() => appRequested.length, 'the app is requested after the page has loaded').toBe(1);

  await page.getByRole('button', { name: /light theme/i }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  expect(await storedTheme(page)).toBe('light');

  // boot.ts renamed the toggle after the press; from the app's start on, a press is the app's.
  await expect(page.getByRole('button', { name: /dark theme/i })).toBeVisible();
  releaseApp();
  await appStarted(page);
  // Hydrated: the app read the stored choice, so its toggle offers the dark theme.
  await page.getByRole('button', { name: /dark theme/i }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  expect(await storedTheme(page)).toBe('dark');
  await expect(page.getByRole('button', { name: /light theme/i })).toBeVisible();
});
