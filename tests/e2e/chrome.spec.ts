// The shared chrome: the fixed top bar on wide screens, the bottom tab bar on a phone, the not-found page.
import { expect, test } from '@playwright/test';
import { publishPost, richSubmission } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';
import { signIn } from './helpers/session';

// The Admin link opens the editor only with a session (the server checks who writes); signed out it leads to the
// sign-in card.
test.beforeEach(({ context }) => signIn(context));

const PAGES = [
  { link: 'Home', url: '/', title: 'Touchline' },
  { link: 'Blog', url: '/blog', title: 'Blog · Touchline' },
  { link: 'Matches', url: '/matches', title: 'Matches · Touchline' },
  { link: 'Admin', url: '/admin', title: /Touchline/ },
] as const;

test('the top bar links to every area and marks the current one', async ({ page }) => {
  await page.goto('/sample');
  const topBar = page.getByRole('navigation', { name: 'Main' });
  await expect(topBar).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();

  for (const target of [...PAGES].reverse()) {
    await topBar.getByRole('link', { name: target.link, exact: true }).click();
    await expect(page).toHaveURL(target.url);
    await expect(page).toHaveTitle(target.title);
    await expect(topBar.getByRole('link', { name: target.link, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(topBar.locator('[aria-current="page"]')).toHaveCount(1);
  }

  // The brand link goes home from anywhere, and stays in view when the page scrolls (fixed bar).
  await page.goto('/sample');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const brand = page.getByRole('link', { name: 'Touchline', exact: true });
  await expect(brand).toBeInViewport();
  await brand.click();
  await expect(page).toHaveURL('/');
});

test('on a phone the bottom tab bar replaces the top links @phone-only', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: /theme/ })).toBeVisible();

  // The bar sits at the bottom of the screen.
  const box = await tabs.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && Math.round(box.y + box.height)).toBe(viewport?.height);

  for (const target of [PAGES[1], PAGES[2], PAGES[0]]) {
    await tabs.getByRole('link', { name: target.link, exact: true }).tap();
    await expect(page).toHaveURL(target.url);
    await expect(tabs.getByRole('link', { name: target.link, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('the page layout fits a 320 px wide screen without sideways scrolling @phone-only', async ({ page, request }) => {
  const [post] = await (await request.get('/api/blogs?limit=1')).json();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const url of ['/', '/blog', `/page/${post.id}`, '/sample', '/auth', '/admin']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    // A phone widens its layout viewport to fit wide content, so compare with the screen's width, not innerWidth.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${url} is wider than the screen`).toBeLessThanOrEqual(320);
  }
});

test('a keyboard user can skip to the content', async ({ page }) => {
  await page.goto('/blog');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('following a link moves keyboard focus to the new page, so Tab continues there', async ({ page, request }) => {
  // A post with links of its own (product cards), so Tab has somewhere to go inside it; the newest post at the time
  // may be one another test published with nothing to focus.
  const post = await publishPost(request, richSubmission(`Focus follows the link ${Date.now().toString(36)}`));
  await watchAppStart(page);
  await page.goto('/blog');
  // The app loads after the page (src/client/boot.ts); until it runs, a link is an ordinary page load, which starts
  // at the top of the new document.
  await appStarted(page);
  const story = page.getByRole('main').getByRole('listitem').getByRole('link', { name: post.title, exact: true });
  const title = await story.textContent();
  await story.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/page\/\d+$/);
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: title ?? '' })).toBeVisible();
  // The next Tab lands inside the post, not back in the top bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
});

test('an unknown address shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Touchline');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown address that looks like a file still shows the not-found page, with a 404 status', async ({
  page,
}) => {
  const response = await page.goto('/blog/some.thing');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
