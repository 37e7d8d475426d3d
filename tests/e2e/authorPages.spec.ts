// The author page as the server renders it, read without JavaScript: the name, title and stories are in the page, the
// head carries the author's feed and Person JSON-LD, a list's byline links the page, and an unknown author is a 404.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { BlogPost } from '../../src/contract/types';
import { richSubmission } from './helpers/api';
import { OWNER_EMAIL, OWNER_PASSWORD } from './helpers/constants';

test.use({ javaScriptEnabled: false });

const at = (path: string) => `http://127.0.0.1:${process.env.TOUCHLINE_E2E_PORT}${path}`;
const same = () => ({ origin: at('') });

/** A new editor named `name` who publishes `title`: the post. */
async function editorPublishing(request: APIRequestContext, name: string, title: string): Promise<BlogPost> {
  const email = `writer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const owner = await request.post(at('/api/session'), {
    data: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
    headers: same(),
  });
  expect(owner.status(), await owner.text()).toBe(200);
  const invited = await request.post(at('/api/invitations'), { data: { email, role: 'editor' }, headers: same() });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitation = new URL(((await invited.json()) as { url: string }).url).searchParams.get('invite');
  const made = await request.post(at('/api/users'), {
    data: { invitation, email, password: 'authors e2e passphrase 0123', name },
    headers: same(),
  });
  expect(made.status(), await made.text()).toBe(201);
  const profile = await request.put(at('/api/account/profile'), {
    data: { name, title: 'Chief Football Writer', photo: '/images/seed/author-maya.svg' },
    headers: same(),
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const created = await request.post(at('/api/blogs'), { data: richSubmission(title), headers: same() });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as BlogPost;
}

test('the author page works without JavaScript: profile, stories, feed and Person in the head, reached by a byline', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext();
  const name = `Priya Patel ${Date.now().toString(36)}`;
  const title = `Rendered for ${name}`;
  const post = await editorPublishing(request, name, title);
  await request.dispose();

  // The story list's byline links the page.
  await page.goto('/blog');
  const item = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  await item.getByRole('link', { name: richSubmission(title).footer!.authorName, exact: true }).click();
  await expect(page).toHaveURL(/\/author\/priya-patel-[a-z0-9]+-\d+$/);

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Chief Football Writer')).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/page/${post.id}`);
  const path = new URL(page.url()).pathname;
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]').first()).toHaveAttribute(
    'href',
    new RegExp(`${path}/feed\\.xml$`),
  );
  const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    '@graph': { '@type': string; mainEntity?: Record<string, string> }[];
  };
  const person = graph['@graph'].find((node) => node['@type'] === 'ProfilePage')?.mainEntity;
  expect(person).toMatchObject({ '@type': 'Person', name, jobTitle: 'Chief Football Writer' });
  expect(person?.url).toMatch(new RegExp(`${path}$`));
  expect(person?.image).toMatch(/\/images\/seed\/author-maya\.svg$/);

  // The feed it links.
  const feed = await page.request.get(`${path}/feed.xml`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(title);
});

test('an author no one is answers 404 with the not-found page', async ({ page }) => {
  const res = await page.goto('/author/nobody-99999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
});
