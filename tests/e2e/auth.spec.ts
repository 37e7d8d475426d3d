// /auth: the sign-in / sign-up card (its mode toggle, busy text and error texts), checked by the server (never by a
// password in the browser).
import { expect, test } from '@playwright/test';
import { OWNER_EMAIL, OWNER_PASSWORD } from './helpers/constants';
import { watchFor } from './helpers/glimpses';

test('a wrong password says "Incorrect password", and typing clears it', async ({ page }) => {
  // 'Processing...' lasts as long as the request: recorded as it happens rather than polled for.
  const sawProcessing = await watchFor(page, 'Processing...', { inDisabledButton: true });
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');
  expect(await sawProcessing()).toBe(true);
  await expect(page).toHaveURL('/auth');

  await page.getByLabel('Password').press('x');
  await expect(page.getByText('Incorrect password')).toHaveCount(0);
});

test('the mode toggle switches between sign-in and sign-up and clears the error', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('coach@example.com');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');

  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByText('Incorrect password')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test('the browser requires an email and a password before anything is checked', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toHaveCount(0);
  expect(await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  expect(await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
  await expect(page).toHaveURL('/auth');
});

test('sign-up without an invitation says one is needed and creates nothing', async ({ page, request }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email').fill('walk-in@example.com');
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('invitation');
  await expect(page).toHaveURL('/auth');
  const signIn = await request.post('/api/session', {
    data: { email: 'walk-in@example.com', password: 'a long enough password' },
  });
  expect(signIn.status()).toBe(401);
});

test('the owner signs in, lands on next, stays signed in across a reload, and signs out @phone', async ({ page }) => {
  // Opening an admin page without a session goes to the card, which remembers the page.
  await page.goto('/admin/posts');
  await expect(page).toHaveURL(`/auth?next=${encodeURIComponent('/admin/posts')}`);
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/admin/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();
  // A visitor's page of a signed-in browser offers Sign out too.
  await page.goto('/blog');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page).toHaveURL(`/auth?next=${encodeURIComponent('/admin')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test('after signing in, a next that leads off the site is ignored', async ({ page }) => {
  for (const next of ['//evil.example/admin', '/\\evil.example', 'https://evil.example/']) {
    await page.context().clearCookies();
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email').fill(OWNER_EMAIL);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/admin');
  }
});
