// Names, not emails: an account that never gave a name (made through the API without one) is asked for it once, in
// one small step after signing in on the card; the name saved is what its next post's byline starts from, and the
// next sign-in goes straight on. The step is axe-clean in both themes.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, switchTheme } from './helpers/axe';
import { appStarted, watchAppStart } from './helpers/app';
import { OWNER_EMAIL, OWNER_PASSWORD } from './helpers/constants';

const PASSWORD = 'names e2e passphrase 0123';
const at = (path: string) => `http://127.0.0.1:${process.env.TOUCHLINE_E2E_PORT}${path}`;
const same = () => ({ origin: at('') });

/** An author the owner invited, signed up through the API without a name: its email. */
async function namelessAuthor(request: APIRequestContext): Promise<string> {
  const email = `priya-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const owner = await request.post(at('/api/session'), {
    data: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
    headers: same(),
  });
  expect(owner.status(), await owner.text()).toBe(200);
  const invited = await request.post(at('/api/invitations'), { data: { email, role: 'author' }, headers: same() });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitation = new URL(((await invited.json()) as { url: string }).url).searchParams.get('invite');
  const made = await request.post(at('/api/users'), {
    data: { invitation, email, password: PASSWORD },
    headers: same(),
  });
  expect(made.status(), await made.text()).toBe(201);
  return email;
}

async function signInOnCard(page: Page, email: string) {
  await watchAppStart(page);
  await page.goto(at('/auth'));
  await appStarted(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('an account without a name is asked for it once after signing in, and its byline then uses it', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext();
  const email = await namelessAuthor(request);
  await request.dispose();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));

  await signInOnCard(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'What’s your name?' })).toBeVisible();
  const local = email.split('@')[0]!;
  await expect(page.getByText(`Until you give one, they show “${local}”.`)).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  expect(await axeViolations(page), 'axe violations in the dark theme').toEqual([]);
  await switchTheme(page, 'light');
  expect(await axeViolations(page), 'axe violations in the light theme').toEqual([]);

  await page.getByLabel('Name', { exact: true }).fill('Priya Shah');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // A new post's byline starts from the name given.
  await expect(page.getByLabel('Author Name')).toHaveValue('Priya Shah');

  // Asked once: the next sign-in goes straight on.
  await context.clearCookies();
  await signInOnCard(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();
  await context.close();
});

test('"Not now" goes on with the name as it was, and the question is not asked again', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext();
  const email = await namelessAuthor(request);
  await request.dispose();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOnCard(page, email);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await context.clearCookies();
  await signInOnCard(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'What’s your name?' })).toHaveCount(0);
  await context.close();
});
