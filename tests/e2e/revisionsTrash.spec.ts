// Nothing lost (every change keeps what it replaced), in the browser against the real server: History shows a version's
// removed and added words and restores it onto the post page; a deleted post waits in Trash, comes back, and Delete
// forever removes it.
import { expect, test } from '@playwright/test';
import { editPost, publishPost, richSubmission, trashPost } from './helpers/api';
import { authorizeAdminPage } from './helpers/admin';
import { signIn } from './helpers/session';

// Admin pages need a session: the server checks who writes.
test.beforeEach(({ context }) => signIn(context));

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('edit twice, History marks the words, restoring the first version puts it back on the post page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = unique('');
  const first = richSubmission(`Pressing traps explained${tag}`);
  const post = await publishPost(request, first);
  await editPost(request, post.id, richSubmission(`Pressing traps revisited${tag}`));
  await editPost(request, post.id, richSubmission(`Pressing traps, the final word${tag}`));

  await page.goto('/admin/posts');
  await authorizeAdminPage(page, 'Show posts');
  await page.getByRole('link', { name: `History “Pressing traps, the final word${tag}”` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  const revisions = page.getByRole('list', { name: 'Revisions' });
  await expect(revisions.getByRole('button')).toHaveCount(2);
  await revisions.getByRole('button', { name: new RegExp(`“Pressing traps explained${tag}”`) }).click();

  const compared = page.getByRole('region', { name: /compared with the current post/ });
  await expect(compared.locator('del').first()).toHaveText('explained');
  await expect(compared.locator('ins').first()).toHaveText(/the final word/);

  await page.getByRole('button', { name: 'Restore this version' }).click();
  await page.getByRole('group', { name: 'Restore this version?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/^Restored the version of /)).toBeVisible();
  // The restore kept the version it replaced: now three.
  await expect(revisions.getByRole('button')).toHaveCount(3);

  await page.goto(`/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pressing traps explained${tag}`);
});

test('delete sends a post to Trash, Restore brings its page back, Delete forever removes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = unique('Trashed by a tired thumb');
  const post = await publishPost(request, richSubmission(title));

  await page.goto('/admin/posts');
  await authorizeAdminPage(page, 'Show posts');
  await page.getByRole('button', { name: `Delete “${title}”` }).click();
  await expect(page.getByText(`Delete “${title}”? It goes to the trash`)).toBeVisible();
  await page.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText(`Moved “${title}” to the trash.`)).toBeVisible();
  expect((await request.get(`/api/blogs/${post.id}`)).status()).toBe(404);

  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('button', { name: `Restore “${title}”` }).click();
  await expect(page.getByText(`Restored “${title}”.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.goto(`/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  await trashPost(request, post.id);
  await page.goto('/admin/trash');
  await authorizeAdminPage(page, 'Show trash');
  await page.getByRole('button', { name: `Delete forever “${title}”` }).click();
  await page
    .getByRole('group', { name: `Delete “${title}” forever?` })
    .getByRole('button', { name: 'Delete forever' })
    .click();
  await expect(page.getByText(`Deleted “${title}” forever.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  expect(
    (await request.post(`/api/blogs/${post.id}/restore`, { headers: { authorization: 'Bearer x' } })).status(),
  ).toBe(401);
});
