// Managing what is published (edit, delete, draft, schedule), in the browser against the real server: the admin edits a
// post from /admin/posts, a second tab holding the old version is refused with 412, a post is deleted after
// confirmation, a draft stays off /blog until it is published, and the new post being written at /admin is untouched by
// all of it.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { publishPost, richSubmission } from './helpers/api';
import { nextAlert } from './helpers/dialogs';
import { signIn } from './helpers/session';
import { holdAdminCredentials } from './helpers/admin';

// The admin pages need a session (the server checks who writes); these tests still type the token where they test it.
test.beforeEach(({ context }) => signIn(context));

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function submitExpecting(page: Page, alert: string) {
  const shown = nextAlert(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect(await shown).toBe(alert);
}

const SUCCESS = 'Blog form submitted successfully!';
const FAILURE = 'Failed to submit blog form. Please try again.';

/** Opens /admin/posts from the editor's link and shows the list with the token. */
async function openPostsWithToken(page: Page) {
  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await holdAdminCredentials(page);
  await page.getByRole('button', { name: 'Show posts' }).click();
  await expect(page.getByRole('table')).toBeVisible();
}

/** The saved new-post draft at /admin, as stored in this browser. */
const savedNewPostTitle = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('touchline:draft');
    return raw ? (JSON.parse(raw) as { draft: { header: { title: string } } }).draft.header.title : null;
  });

test('the admin edits a post, a stale tab gets 412, a post is deleted, and the new-post draft is untouched', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000); // two tabs and some forty steps on a shared, busy machine
  const original = await publishPost(request, richSubmission(unique('Pressing Traps')));
  const doomed = await publishPost(request, richSubmission(unique('Published by Mistake')));
  const newTitle = unique('Derby Day, Revised');
  const newParagraph = 'The first defender decides everything, as the replay showed.';
  const unfinished = unique('My unfinished new post');

  // The admin is writing a new post when a correction comes in.
  await page.goto('/admin');
  await page.getByLabel('Title', { exact: true }).fill(unfinished);
  await expect.poll(() => savedNewPostTitle(page)).toBe(unfinished);

  // A second tab opens the same post before the correction is saved: it holds the old version.
  const stale = await context.newPage();
  await stale.goto(`/admin/edit/${original.id}`);
  await expect(stale.getByLabel('Title', { exact: true })).toHaveValue(original.title);

  // The list, the Admin area highlighted in the top bar, and Edit.
  await openPostsWithToken(page);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveClass(
    /active/,
  );
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: original.title, exact: true }) });
  await expect(row).toContainText('Published');
  await row.getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(original.title);
  await page.getByLabel('Title', { exact: true }).fill(newTitle);
  await page.getByLabel('Section 1, Paragraph').fill(newParagraph);
  await submitExpecting(page, SUCCESS);
  await expect(page.getByText(`Saved “${newTitle}”.`)).toBeVisible();

  // Readers see the new text on the post page and in the list; so does the admin's list.
  await page.getByRole('link', { name: 'View the post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await expect(page.getByText(newParagraph)).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByText(newTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(original.title, { exact: true })).toHaveCount(0);

  // The stale tab's Submit is refused: it says so, overwrites nothing, and offers the current version.
  await stale.getByLabel('Read Time').fill('99 min read');
  await submitExpecting(stale, FAILURE);
  await expect(stale.getByRole('alert')).toContainText('This post was changed elsewhere after you opened it');
  const stored = await (await request.get(`/api/blogs/${original.id}`)).json();
  expect(stored).toMatchObject({ title: newTitle, readTime: original.readTime });
  await stale.getByRole('button', { name: 'Reload the post' }).click();
  await expect(stale.getByLabel('Title', { exact: true })).toHaveValue(newTitle);
  await stale.close();

  // Delete, after confirming; its page is gone.
  await page.goto('/admin');
  await openPostsWithToken(page);
  await expect(page.getByRole('rowheader', { name: newTitle, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete “${doomed.title}”` }).click();
  await page
    .getByRole('group', { name: `Delete “${doomed.title}”?` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('rowheader', { name: doomed.title, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete “${doomed.title}”` }).click();
  await page.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText(`Moved “${doomed.title}” to the trash.`)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: doomed.title, exact: true })).toHaveCount(0);
  expect((await request.get(`/api/blogs/${doomed.id}`)).status()).toBe(404);
  // A first load of its address is the server-rendered 404 page (the app's "Blog not found" text is only for a post
  // reached by in-app navigation).
  const gone = await page.goto(`/page/${doomed.id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  // After all of that, the new post being written is exactly as it was.
  await page.goto('/admin');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(unfinished);
  expect(await savedNewPostTitle(page)).toBe(unfinished);
});

test('a draft is invisible on /blog and to anonymous readers, previewable by the admin, and appears once published', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // two tabs and some forty steps on a shared, busy machine
  const title = unique('Saturday Team News');
  await page.goto('/admin');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Status').selectOption('Draft');
  await holdAdminCredentials(page);
  await submitExpecting(page, SUCCESS);
  await expect(page.getByText(`Saved “${title}” as a draft.`)).toBeVisible();
  const previewHref = await page.getByRole('link', { name: 'Preview the post' }).getAttribute('href');
  const id = Number(/\/admin\/preview\/(\d+)$/.exec(previewHref ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);

  // Readers: not in the list, and its address is not found.
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeVisible();
  await expect(page.locator('main a').first()).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);
  const anonymous = await browser.newPage();
  // Admin pages need a session: an anonymous reader is sent to the sign-in card.
  await anonymous.goto(`/admin/preview/${id}`);
  await expect(anonymous.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  const hidden = await anonymous.goto(`/page/${id}`);
  expect(hidden?.status()).toBe(404);
  await expect(anonymous.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await anonymous.close();

  // The admin's list shows it as a draft; View previews it.
  await page.goto('/admin');
  await openPostsWithToken(page);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  await expect(row).toContainText('Draft');
  await row.getByRole('link', { name: /^View/ }).click();
  await expect(page.getByRole('note')).toContainText('Preview: Draft.');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Published: it appears.
  await page.getByRole('note').getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Status')).toHaveValue('draft');
  await page.getByLabel('Status').selectOption('Published');
  await submitExpecting(page, SUCCESS);
  await page.goto('/blog');
  await expect(page.getByText(title, { exact: true })).toBeVisible();
});

test('a scheduled post shows its time in the list and stays hidden until then', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = unique('Cup Final Preview');
  await page.goto('/admin');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Status').selectOption('Scheduled');
  await page.getByLabel('Publish at').fill('2099-05-04T09:30');
  await holdAdminCredentials(page);
  await submitExpecting(page, SUCCESS);
  await expect(page.getByText(new RegExp(`^Scheduled “${title}” for .*2099`))).toBeVisible();
  const listed = (await (await request.get('/api/blogs?limit=100')).json()) as { title: string }[];
  expect(listed.map((post) => post.title)).not.toContain(title);

  await openPostsWithToken(page);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  await expect(row).toContainText(/Scheduled for .*2099/);
  await row.getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByLabel('Status')).toHaveValue('scheduled');
  await expect(page.getByLabel('Publish at')).toHaveValue('2099-05-04T09:30');
});
