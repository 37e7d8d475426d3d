// /auth: the sign-in / sign-up card with its client-side password check (SPEC 2, 4, 5, 8).
import { expect, test } from '@playwright/test';
import { SIGN_IN_PASSWORD } from './helpers/constants';
import { watchFor } from './helpers/glimpses';

test('a wrong password says "Incorrect password", and typing clears it', async ({ page }) => {
  // 'Processing...' lasts a quarter of a second: recorded as it happens rather than polled for.
  const sawProcessing = await watchFor(page, 'Processing...', { inDisabledButton: true });
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill('coach@example.com');
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
  await page.getByLabel('Password').fill(SIGN_IN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  expect(await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
  await expect(page).toHaveURL('/auth');
});

test('the right password signs in (in sign-up mode too) and opens the editor; signing out ends it @phone', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email').fill('anyone@example.com');
  await page.getByLabel('Password').fill(SIGN_IN_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/auth');
  // Signed-out (and, held in memory only, after any reload) the editor offers to sign in; it stays reachable.
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();
});

test('sign-in is held in memory only: a reload signs out', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('coach@example.com');
  await page.getByLabel('Password').fill(SIGN_IN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});
