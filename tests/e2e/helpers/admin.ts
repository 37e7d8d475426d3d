// How an e2e test acts as staff on an admin page beyond its session (specs sign in first, helpers/session.ts): the
// access token typed into the page, which acts as the owner.
import type { Page } from '@playwright/test';
import { ADMIN_TOKEN } from './constants';

/** Gives the admin page the staff's credentials and presses its button that shows what it lists. */
export async function authorizeAdminPage(page: Page, showButton: string): Promise<void> {
  await page.getByLabel('Access Token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: showButton }).click();
}

/** Gives the staff's credentials to the app in this tab without showing anything yet (pages opened next use them). */
export async function holdAdminCredentials(page: Page): Promise<void> {
  await page.getByLabel('Access Token').fill(ADMIN_TOKEN);
}
