// Loading and error states of the list and post pages, with the API held back or failing (page.route). A first load
// is rendered on the server with its data, so these states show when a page is reached inside the app.
import { expect, test } from '@playwright/test';
import type { Page, Route } from '@playwright/test';
import { newestPost, seededPost } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';

/** Holds matching API calls until release() is called; then lets them through to the real server. */
async function holdApi(page: Page, matches: (url: URL) => boolean) {
  const held: Route[] = [];
  let released = false;
  await page.route(matches, (route) => (released ? route.continue() : void held.push(route)));
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
    count: () => held.length,
  };
}

/**
 * Opens a page by in-app navigation, as a click on a link would: the app then fetches the page's data itself (a
 * first load of the URL carries its data, rendered on the server).
 */
async function openInApp(page: Page, path: string) {
  await watchAppStart(page);
  await page.goto('/sample');
  await expect(page.getByRole('button', { name: /Switch to (light|dark) theme/ })).toBeVisible();
  await appStarted(page);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const isList = (url: URL) => url.pathname === '/api/blogs';
const isPost = (url: URL) => /^\/api\/blogs\/[^/]+$/.test(url.pathname);

test('the blog list says "Loading posts..." until the posts arrive', async ({ page, request }) => {
  const newest = await newestPost(request); // on the first page of the list
  const api = await holdApi(page, isList);
  await openInApp(page, '/blog');
  await expect(page.getByText('Loading posts...')).toBeVisible();
  await expect.poll(api.count).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: newest.title })).toHaveCount(0);

  await api.release();
  await expect(page.getByRole('link', { name: newest.title })).toBeVisible();
  await expect(page.getByText('Loading posts...')).toHaveCount(0);
});

test('a failed list fetch leaves an empty list, and retrying loads the posts', async ({ page, request }) => {
  const newest = await newestPost(request); // on the first page of the list
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.route(isList, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable"}' }),
  );
  await openInApp(page, '/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeVisible();
  await expect(page.getByText('Loading posts...')).toHaveCount(0);
  await expect(page.getByRole('link', { name: newest.title })).toHaveCount(0);
  expect(errors.length, 'the failure is logged').toBeGreaterThan(0);

  await page.unroute(isList);
  await page.getByRole('button', { name: /try again|retry/i }).click();
  await expect(page.getByRole('link', { name: newest.title })).toBeVisible();
});

test('a post says "Loading blog content..." until it arrives', async ({ page, request }) => {
  const post = await seededPost(request);
  const api = await holdApi(page, isPost);
  await openInApp(page, `/page/${post.id}`);
  await expect(page.getByText('Loading blog content...')).toBeVisible();
  await expect.poll(api.count).toBeGreaterThan(0);

  await api.release();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText('Loading blog content...')).toHaveCount(0);
});

/** The text colour reads as red: the red channel clearly dominates. */
async function expectRed(page: Page, text: string) {
  const colour = await page.getByText(text, { exact: true }).evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  expect(r, `${text} is red (${colour})`).toBeGreaterThan(Math.max(g, b) + 60);
}

test('a first load of an unknown post is a 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/page/987654321');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test("an unknown post reached in the app shows the server's error text in red", async ({ page }) => {
  await openInApp(page, '/page/987654321');
  await expect(page.getByText('Blog not found', { exact: true })).toBeVisible();
  await expectRed(page, 'Blog not found');
  await expect(page.getByText('Loading blog content...')).toHaveCount(0);
});

test('a failure without an error field shows "Failed to fetch blog content" in red @phone', async ({
  page,
  request,
}) => {
  const post = await seededPost(request);
  await page.route(isPost, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  );
  await openInApp(page, `/page/${post.id}`);
  await expect(page.getByText('Failed to fetch blog content', { exact: true })).toBeVisible();
  await expectRed(page, 'Failed to fetch blog content');
  await expect(page.getByRole('heading', { name: post.title })).toHaveCount(0);
});

test('a post whose products are invalid is shown without the product section', async ({ page, request }) => {
  const post = await seededPost(request);
  await page.route(isPost, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.products = [{ ...body.products[0], price: 12, amazonUrl: 'javascript:alert(1)' }];
    await route.fulfill({ response, json: body });
  });
  await openInApp(page, `/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended Equipment' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /View on Amazon/ })).toHaveCount(0);
});
