// Staff accounts in the browser against the real server (the server checks who writes): publishing on the session
// alone, inviting an author who signs up in a fresh browser and publishes, the author refused on the owner's post, the
// account page, and the sign-in password kept out of the JavaScript.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { getPost, listPosts, publishPost, richSubmission } from './helpers/api';
import { OWNER_PASSWORD } from './helpers/constants';
import { nextAlert } from './helpers/dialogs';
import { signIn } from './helpers/session';
import { signUpOnCard } from './helpers/signUp';

const SUCCESS = 'Blog form submitted successfully!';
const FAILURE = 'Failed to submit blog form. Please try again.';
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function submitExpecting(page: Page, alert: string) {
  const shown = nextAlert(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect(await shown).toBe(alert);
}

/** Invites `email` as `role` from /admin/staff (the page is signed in as the owner) and returns the link. */
async function invite(page: Page, email: string, role: string): Promise<string> {
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Invite' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Invite' }).click();
  const link = form.getByLabel('Invitation link');
  await expect(link).toHaveAttribute('readonly', '');
  await expect(link).toHaveValue(/\/auth\?invite=/);
  return link.inputValue();
}

test('the owner publishes from /admin with the Access Token left empty', async ({ page, context, request }) => {
  await signIn(context);
  const title = unique('Published on the session');
  await page.goto('/admin');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(page.getByLabel('Access Token')).toHaveValue('');
  await submitExpecting(page, SUCCESS);
  await expect(page.getByText(`Published “${title}”.`)).toBeVisible();
  expect((await listPosts(request)).map((post) => post.title)).toContain(title);

  // /admin/posts names who wrote it.
  await page.getByRole('link', { name: 'All posts' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('');
});

test('an invited author signs up in a fresh browser, publishes, and is refused on the owner’s post', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(context);
  const ownersPost = await publishPost(request, richSubmission(unique('The owner’s column')));
  const email = `${unique('author').replace(/\W+/g, '-')}@example.com`;
  const link = await invite(page, email, 'Author');

  const fresh = await browser.newContext();
  try {
    const author = await fresh.newPage();
    await author.goto(link);
    await expect(author.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(author.getByLabel('Email')).toHaveValue(email);
    await signUpOnCard(author, { name: 'Priya Shah', password: 'the author’s own password' });
    await expect(author).toHaveURL('/admin');
    await expect(author.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();

    // The link works once.
    const again = await fresh.request.post('/api/users', {
      data: { invitation: new URL(link).searchParams.get('invite'), email, password: 'another long password' },
    });
    expect(again.status()).toBeGreaterThanOrEqual(400);
    expect(again.status()).toBeLessThan(500);

    const title = unique('The author’s first post');
    await author.getByLabel('Title', { exact: true }).fill(title);
    await submitExpecting(author, SUCCESS);
    expect((await listPosts(request)).map((post) => post.title)).toContain(title);

    // Not theirs: the server refuses the save and the post is unchanged.
    await author.goto(`/admin/edit/${ownersPost.id}`);
    const field = author.getByLabel('Title', { exact: true });
    await expect(field).toHaveValue(ownersPost.title);
    await field.fill('Taken over');
    await submitExpecting(author, FAILURE);
    expect((await getPost(request, ownersPost.id)).title).toBe(ownersPost.title);
    // Nor may an author manage staff.
    await author.goto('/admin/staff');
    await expect(author.getByRole('alert')).toContainText('Only owners and editors manage staff.');
  } finally {
    await fresh.close();
  }
});

test('a contributor’s Status offers Draft and In review, never Published', async ({ page, context, browser }) => {
  await signIn(context);
  const email = `${unique('contributor').replace(/\W+/g, '-')}@example.com`;
  const link = await invite(page, email, 'Contributor');
  const fresh = await browser.newContext();
  try {
    const contributor = await fresh.newPage();
    await contributor.goto(link);
    await expect(contributor.getByLabel('Email')).toHaveValue(email);
    await signUpOnCard(contributor, { name: 'Cara Jones', password: 'a contributor password' });
    await expect(contributor.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();
    await expect(contributor.getByLabel('Status')).toHaveValue('draft');
    await expect(contributor.getByLabel('Status').getByRole('option')).toHaveText(['Draft', 'In review']);
  } finally {
    await fresh.close();
  }
});

test('the owner creates an API key that publishes, and revokes it', async ({ page, context, request }) => {
  await signIn(context);
  await page.goto('/admin/staff');
  const keys = page.getByRole('region', { name: 'API keys' });
  const name = unique('Importer');
  await keys.getByLabel('Key name').fill(name);
  await keys.getByRole('button', { name: 'Create key' }).click();
  const key = await keys.getByLabel('New key').inputValue();
  expect(key.length).toBeGreaterThanOrEqual(32);

  const submission = richSubmission(unique('Posted with a key'));
  const withKey = await request.post('/api/blogs', { headers: { Authorization: `Bearer ${key}` }, data: submission });
  expect(withKey.status()).toBe(201);

  await keys.getByRole('button', { name: `Revoke “${name}”` }).click();
  await expect(keys.getByRole('rowheader', { name, exact: true })).toHaveCount(0);
  const revoked = await request.post('/api/blogs', { headers: { Authorization: `Bearer ${key}` }, data: submission });
  expect(revoked.status()).toBe(401);
});

test('no built JavaScript file contains the sign-in password', async () => {
  const dirs = ['dist/client/assets', 'dist/client', 'dist/ssr'];
  const files = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => /\.(m?js)$/.test(name))
      .map((name) => join(dir, name)),
  );
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain(OWNER_PASSWORD);
});
