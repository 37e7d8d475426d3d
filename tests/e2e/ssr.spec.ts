// Server rendering: the pages read without JavaScript, and with it they hydrate from the data in the page: no second
// request, no loading text, no console message in either stored theme, and the app then behaves as before.
import { expect, test } from '@playwright/test';
import type { ConsoleMessage, Page } from '@playwright/test';
import { validSubmission } from '../server/fixtures/submissions';
import type { BlogSubmission } from '../../src/contract/schemas';
import { publishPost } from './helpers/api';
import { watchFor } from './helpers/glimpses';

/** The fixture post with images this server has, so no page logs a failed image load. */
function story(title: string): BlogSubmission {
  const submission = validSubmission({ title, image: '/images/seed/football-press.svg' });
  return {
    ...submission,
    products: (submission.products ?? []).map((product) => ({ ...product, imageUrl: '/images/seed/ball.svg' })),
  };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a post shows its title, date, read time, every section and the product cards', async ({ page, request }) => {
    const post = await publishPost(request, story(`Read without script ${Date.now()}`));
    const response = await page.goto(`/page/${post.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page.getByText('Published: March 14, 2024')).toBeVisible();
    await expect(page.getByText('10 min read')).toBeVisible();
    for (const section of post.sections) {
      if (section.type !== 'single-paragraph' && section.type !== 'two-column') continue;
      await expect(page.getByRole('heading', { level: 2, name: section.title })).toBeVisible();
      await expect(page.getByText(section.paragraph, { exact: true })).toBeVisible();
    }
    for (const item of ['Tickets sold out', 'Rain forecast', '4-3-3', 'Captain back', '5-3-2'])
      await expect(page.getByRole('listitem').filter({ hasText: item })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Match Ball' })).toBeVisible();
    await expect(page.getByRole('link', { name: /View on Amazon/ }).first()).toHaveAttribute(
      'href',
      'https://www.amazon.com/s?k=match+ball',
    );
  });

  test('the blog lists stories with their byline, each linking to its page', async ({ page, request }) => {
    await publishPost(request, story(`Listed without script ${Date.now()}`));
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeVisible();
    // Other tests publish at the same time: check the list's shape, then follow its first story.
    const items = page.getByRole('article');
    expect(await items.count()).toBeGreaterThan(0);
    // Each story's title links to its page (a tagged story also links its primary tag).
    for (const item of await items.all()) {
      await expect(item.getByRole('heading').getByRole('link')).toHaveAttribute('href', /^\/page\/\d+$/);
    }
    await expect(page.getByText('By Sam Rivera on March 14, 2024').first()).toBeVisible();
    const first = items.first().getByRole('heading').getByRole('link');
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('the landing page shows its hero and three blurbs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports stories from the touchline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the blog' })).toHaveAttribute('href', '/blog');
    for (const blurb of ['Expert Analysis', 'Community Driven', 'Latest Updates'])
      await expect(page.getByRole('heading', { level: 3, name: blurb })).toBeVisible();
  });

  test('an unknown post is a 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/page/2147483000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

/** Every console message and page error while the test runs. */
function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (['error', 'warning'].includes(message.type())) messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

for (const theme of ['light', 'dark'] as const) {
  test(`a post hydrates from the page's data with the stored theme ${theme}: no request, no loading text, no console message`, async ({
    page,
    request,
  }) => {
    const post = await publishPost(request, story(`Hydrated in ${theme} ${Date.now()}`));
    await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
    const messages = recordConsole(page);
    const apiRequests: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiRequests.push(new URL(r.url()).pathname);
      if (r.resourceType() === 'stylesheet') stylesheets.push(new URL(r.url()).pathname);
    });
    const sawLoading = await watchFor(page, 'Loading blog content...');

    await page.goto(`/page/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    // Hydrated: the toggle names the other theme, which only the browser knows.
    const other = theme === 'dark' ? 'light' : 'dark';
    await expect(page.getByRole('button', { name: `Switch to ${other} theme` })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.waitForLoadState('networkidle');

    expect(apiRequests).not.toContain(`/api/blogs/${post.id}`);
    // The page carries its styles (no stylesheet to wait for, none fetched after hydrating either), and they apply.
    expect(stylesheets).toEqual([]);
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveCSS('position', 'fixed');
    expect(await sawLoading()).toBe(false);
    expect(messages).toEqual([]);

    // The app then behaves as before: the theme toggles, and links navigate in the page.
    await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', other);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    expect(messages).toEqual([]);
  });
}

test("the hydrated blog list keeps 'Load more' as a button that adds the next page in place", async ({
  page,
  request,
}) => {
  for (let i = 0; i < 21; i++) await publishPost(request, story(`More to load ${i}`));
  const messages = recordConsole(page);
  await page.goto('/blog');
  const more = page.getByRole('button', { name: 'Load more' });
  await expect(more).toBeVisible();
  const before = await page.getByRole('article').count();
  await more.click();
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(before);
  await expect(page).toHaveURL('/blog');
  expect(messages).toEqual([]);
});

test.describe('without JavaScript, Load more', () => {
  test.use({ javaScriptEnabled: false });
  test('is a link to the next page of stories', async ({ page, request }) => {
    for (let i = 0; i < 21; i++) await publishPost(request, story(`Older story ${i}`));
    await page.goto('/blog');
    const firstTitles = await page.getByRole('article').getByRole('heading').getByRole('link').allTextContents();
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(/\/blog\?cursor=\d+$/);
    const nextTitles = await page.getByRole('article').getByRole('heading').getByRole('link').allTextContents();
    expect(nextTitles.length).toBeGreaterThan(0);
    expect(nextTitles.filter((title) => firstTitles.includes(title))).toEqual([]);
  });
});
