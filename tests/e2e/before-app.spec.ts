// A server-rendered page before its app has loaded (src/client/boot.ts fetches it after the load event, so on a slow
// connection a reader can act for seconds before it runs): every control works as a link, or as boot.ts's theme
// toggle, or is one of SPEC's buttons that do nothing at any time. The app's entry is held back for the whole test.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { listPosts, publishPost } from './helpers/api';
import { watchAppStart } from './helpers/app';

/**
 * Holds every request for the app's entry until the test ends. `loaded()` then waits until the page shown has loaded
 * and asked for its app (so what follows happens before the app runs), and checks that the app has not started.
 */
async function holdApp(page: Page) {
  let requested = 0;
  let seen = 0;
  await page.route(/\/assets\/index-[\w-]+\.js$/, () => {
    requested += 1; // never answered: the app does not start on any page of this test
  });
  await watchAppStart(page);
  return {
    async loaded() {
      await expect.poll(() => requested, 'the page asks for its app after loading').toBeGreaterThan(seen);
      seen = requested;
      await expect(page.locator('html')).not.toHaveAttribute('data-app');
    },
  };
}

/** SPEC: the sample article's Subscribe and Share buttons do nothing, before the app and after it. */
const INERT_BY_SPEC = ['Subscribe', 'Share'];

/**
 * Every control of the page works without the app: links with an address, the theme toggle, the fields and button of a
 * form the browser posts itself (the subscribe form), or SPEC's inert buttons.
 */
async function expectControlsWorkWithoutApp(page: Page) {
  const controls = await page.evaluate(() =>
    [...document.querySelectorAll('a, button, input, select, textarea, [role="button"], [onclick]')].map((el) => ({
      tag: el.tagName.toLowerCase(),
      text: (el.textContent ?? '').trim(),
      href: el.getAttribute('href'),
      themeToggle: el.hasAttribute('data-theme-toggle'),
      posted: el.closest('form[method="post"][action]') !== null,
    })),
  );
  expect(controls.length).toBeGreaterThan(0);
  for (const control of controls) {
    if (control.tag === 'a') expect(control.href, `link "${control.text}" has an address`).toMatch(/^(\/|#|https:)/);
    else if (!control.themeToggle && !control.posted) {
      expect(INERT_BY_SPEC, `${control.tag} "${control.text}" works before the app runs`).toContain(control.text);
    }
  }
}

test('before the app runs, the rendered pages work as links: Load more, stories, nav, and the theme toggle', async ({
  page,
  request,
}) => {
  // More posts than one page (20) holds; other tests may add posts meanwhile, so the next page is read from the link.
  const existing = await listPosts(request);
  for (let n = existing.length; n < 23; n++) {
    await publishPost(request, { header: { title: `Before the app ${n}`, publishDate: 'January 1, 2026' } });
  }
  const app = await holdApp(page);

  await page.goto('/blog');
  await app.loaded();
  await expectControlsWorkWithoutApp(page);
  const firstPage = await page.getByRole('article').getByRole('heading').getByRole('link').allTextContents();
  expect(firstPage).toHaveLength(20);

  // 'Load more' is the server's link to the next page (the app makes it a button).
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Load more' }).click();
  await expect(page).toHaveURL(/\/blog\?cursor=\d+$/);
  await app.loaded();
  const olderPage = await page.getByRole('article').getByRole('heading').getByRole('link').allTextContents();
  expect(olderPage.length).toBeGreaterThan(0);
  expect(olderPage.filter((title) => firstPage.includes(title))).toEqual([]);

  // A story link opens the post.
  const story = page.getByRole('article').getByRole('heading').getByRole('link').first();
  const title = (await story.textContent()) ?? '';
  await story.click();
  await expect(page).toHaveURL(/\/page\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await app.loaded();
  await expectControlsWorkWithoutApp(page);

  // The theme toggle is answered by boot.ts: it switches, says what a press does next, and stores the choice.
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

  // The top bar's links, then the landing page's link to the blog.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
  await app.loaded();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expectControlsWorkWithoutApp(page);
  await page.getByRole('link', { name: 'Read the blog' }).click();
  await expect(page).toHaveURL('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeVisible();
  await app.loaded();

  // The sample article: its Subscribe and Share buttons do nothing (SPEC), before the app as after it.
  await page.goto('/sample');
  await app.loaded();
  await expectControlsWorkWithoutApp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL('/blog');
  await app.loaded();
});
