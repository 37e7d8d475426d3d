// Fills the invitation (or setup) card as a new person does: their name first, as bylines will show it, then the
// password, and sends it. The email comes filled in from the invitation link.
import type { Page } from '@playwright/test';

export async function signUpOnCard(page: Page, { name, password }: { name: string; password: string }): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}
