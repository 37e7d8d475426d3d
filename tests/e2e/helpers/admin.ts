// How an e2e test acts as staff on an admin page beyond its session (specs sign in first, helpers/session.ts): the
// access token typed into the page, which acts as the owner.
import type { Page } from '@playwright/test';
import { ADMIN_TOKEN } from './constants';

/** Gives the admin page the staff's credentials and presses its button that shows what it lists. */
export async function authorizeAdminPage(page: Page, showButton: string): Promise<void> {
  await holdAdminCredentials(page);
  await page.getByRole('button', { name: showButton }).click();
}

/**
 * Types `token` into the Access Token field, in this tab only (pages opened next use it). A signed-in person finds
 * the field behind "Use an API token instead", which this opens first.
 */
export async function holdAdminCredentials(page: Page, token = ADMIN_TOKEN): Promise<void> {
  const field = page.getByLabel('Access Token');
  const disclosure = page.getByText('Use an API token instead', { exact: true });
  await field.or(disclosure).first().waitFor();
  if (!(await field.isVisible())) await disclosure.click();
  await field.fill(token);
}
