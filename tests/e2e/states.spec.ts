// Loading and error states of the list and post pages, with the API held back or failing (page.route).
import { expect, test } from '@playwright/test';
import type { Page, Route } from '@playwright/test';
import { newestPost, seededPost } from './helpers/api';

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

const isList = (url: URL) => url.pathname === '/api/blogs';
const isPost = (url: URL) => /^\/api\/blogs\/[^/]+$/.test(url.pathname);

test('the blog list says "Loading posts..." until the posts arrive', async ({ page, request }) => {
  const newest = await newestPost(request); // on the first page of the list
  const api = await holdApi(page, isList);
  await page.goto('/blog');
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
  await page.goto('/blog');
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
  await page.goto(`/page/${post.id}`);
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

test("an unknown post shows the server's error text in red", async ({ page }) => {
  await page.goto('/page/987654321');
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
  await page.goto(`/page/${post.id}`);
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
  await page.goto(`/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended Equipment' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /View on Amazon/ })).toHaveCount(0);
});
