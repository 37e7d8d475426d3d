// Finding stories (tags and search) in the browser against the real server: tags typed in the editor become links to
// tag pages that list the post, and the top bar's Search finds it, with JavaScript on and off, showing hostile queries
// as plain text.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { publishPost, richSubmission } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';
import { nextAlert } from './helpers/dialogs';
import { signIn } from './helpers/session';
import { holdAdminCredentials } from './helpers/admin';

/** A word no other post holds, so other specs' posts never match this run's tags and queries. */
const uniqueWord = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The page's own "Search" link: the top bar's on desktop, the tab bar's on a phone (only one of them shows). */
const searchLink = (page: Page) => page.getByRole('link', { name: 'Search', exact: true }).filter({ visible: true });

test('tags written in the editor link the post page to tag pages that list the post', async ({ page, context }) => {
  await signIn(context);
  const word = uniqueWord();
  const title = `Derby day notebook ${word}`;

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  // A name with an accent: its slug drops it.
  await page.getByLabel('Tags', { exact: true }).fill(`Derby Day ${word}, Fútbol ${word}`);
  await holdAdminCredentials(page);
  const alert = nextAlert(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect(await alert).toBe('Blog form submitted successfully!');

  await page.getByRole('link', { name: 'View the published post' }).click();
  await expect(page).toHaveURL(/\/page\/\d+$/);
  const postPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const tags = page.getByRole('list', { name: 'Tags' }).first();
  await expect(tags.getByRole('link', { name: `Derby Day ${word}`, exact: true })).toHaveAttribute(
    'href',
    `/tag/derby-day-${word}`,
  );
  await expect(tags.getByRole('link', { name: `Fútbol ${word}`, exact: true })).toHaveAttribute(
    'href',
    `/tag/futbol-${word}`,
  );

  await tags.getByRole('link', { name: `Fútbol ${word}`, exact: true }).click();
  await expect(page).toHaveURL(`/tag/futbol-${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fútbol ${word}`);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(postPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The tag page as a first load, server-rendered.
  await page.goto(`/tag/derby-day-${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Derby Day ${word}`);
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', postPath);
});

test('the top bar’s Search link leads to /search, a query finds the post and a result opens it @phone', async ({
  page,
  request,
}) => {
  const word = uniqueWord();
  const title = `Late winner at the Bernabéu ${word}`;
  const rich = richSubmission(title);
  // The word in the body too: the snippet is cut from the body, with the match marked.
  const [first, ...rest] = rich.header.sections ?? [];
  const submission = {
    ...rich,
    header: {
      ...rich.header,
      sections: [{ ...first, paragraph: `The ${word} came in the ninety-third minute.` }, ...rest],
    },
  };
  const post = await publishPost(request, submission);

  await watchAppStart(page);
  await page.goto('/blog');
  await appStarted(page);
  await searchLink(page).click();
  await expect(page).toHaveURL('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();

  const form = page.getByRole('search');
  await form.getByLabel('Search posts').fill(word);
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/search?q=${word}`);
  const result = page.getByRole('link', { name: title, exact: true });
  await expect(result).toHaveAttribute('href', `/page/${post.id}`);
  await expect(page.locator('mark').filter({ hasText: word }).first()).toBeVisible();
  await result.click();
  await expect(page).toHaveURL(`/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('the search works with JavaScript disabled: the form submits as GET and the server renders the results', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord();
  const title = `Tie-break nerves ${word}`;
  const post = await publishPost(request, richSubmission(title));

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/search');
    // No app ran: the page is the server's HTML alone.
    expect(await page.locator('html[data-app]').count()).toBe(0);
    const form = page.getByRole('search');
    await form.getByLabel('Search posts').fill(word);
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(`/search?q=${word}`);
    const result = page.getByRole('link', { name: title, exact: true });
    await expect(result).toHaveAttribute('href', `/page/${post.id}`);
    await result.click();
    await expect(page).toHaveURL(`/page/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a hostile query shows as text, never markup, and "No posts match" with the query @phone', async ({ page }) => {
  const query = `"${uniqueWord()} * NEAR( <script>window.__hostile = 1</script> <b>bold</b> -`;
  await watchAppStart(page);
  await page.goto('/search');
  await appStarted(page);
  await page.getByRole('search').getByLabel('Search posts').fill(query);
  await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page.getByText(`No posts match “${query}”.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('search').getByLabel('Search posts')).toHaveValue(query);
  await expect(page.locator('main script, main b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __hostile?: number }).__hostile)).toBeUndefined();

  // The same query as a first load: the server's HTML escapes it too.
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await expect(page.getByText(`No posts match “${query}”.`, { exact: true })).toBeVisible();
  await expect(page.locator('main script, main b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __hostile?: number }).__hostile)).toBeUndefined();
});
