// Invitations at /admin/staff against the real server: the owner invites, sees the invitation pending, revokes it
// after the question in its row, and the link then says it was revoked; both pages pass axe (WCAG A and AA).
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { appStarted, watchAppStart } from './helpers/app';
import { axeViolations } from './helpers/axe';
import { signIn } from './helpers/session';
import { signUpOnCard } from './helpers/signUp';

const REVOKED = 'This invitation has been revoked: ask for a new invitation';

async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page), 'axe violations').toEqual([]);
}

test('the owner invites, sees the invitation pending, revokes it, and its link then says it was revoked', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(context);
  await watchAppStart(page);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await appStarted(page);

  const email = `invited-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const form = page.getByRole('form', { name: 'Invite' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: 'Author' });
  await form.getByRole('button', { name: 'Invite' }).click();
  const link = await form.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/auth\?invite=/);

  const pending = page.getByRole('region', { name: 'Pending invitations' });
  const row = pending.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('Author');

  await row.getByRole('button', { name: `Revoke the invitation for ${email}` }).click();
  const confirm = row.getByRole('button', { name: 'Revoke invitation' });
  await expect(confirm).toBeFocused();
  // The page with the question open in a row: the most it shows at once.
  await expectNoAxeViolations(page);
  await confirm.click();
  await expect(pending.getByText(`Revoked the invitation for ${email}: its link no longer works.`)).toBeVisible();
  await expect(pending.getByRole('rowheader', { name: email, exact: true })).toHaveCount(0);

  const fresh = await browser.newContext();
  try {
    const invitee = await fresh.newPage();
    await watchAppStart(invitee);
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await appStarted(invitee);
    await expect(invitee.getByLabel('Email')).toHaveValue(email);
    await signUpOnCard(invitee, { name: 'Ines Invitee', password: 'the invitee’s own password' });
    await expect(invitee.getByRole('alert')).toHaveText(REVOKED);
    await expect(invitee).toHaveURL(/\/auth\?invite=/);
    await expectNoAxeViolations(invitee);
  } finally {
    await fresh.close();
  }
});
