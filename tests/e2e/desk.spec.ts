// The desk in Chromium against the real server: a contributor submits, the editor reviews what changed since and asks
// for changes, the contributor reads the note in the inbox and on the post and resubmits, the editor publishes, and
// the contributor hears of it in the inbox and by email (a real SMTP server on the port playwright.config.ts gave the
// e2e server as SMTP_URL); "Forgot password?" mails a link that sets a new password and ends the old sessions; and on
// a phone /admin/posts shows a contributor cards without sideways scrolling and no Edit on others' posts.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { startTestSmtp } from '../server/helpers/smtp';
import type { TestSmtp } from '../server/helpers/smtp';
import { signIn, signInContext } from './helpers/session';
import { nextAlert } from './helpers/dialogs';
import { appStarted, watchAppStart } from './helpers/app';
import { axeViolations } from './helpers/axe';
import { publishPost, richSubmission } from './helpers/api';

const PASSWORD = 'desk e2e passphrase 0123';
const baseURL = () => `http://127.0.0.1:${process.env.TOUCHLINE_E2E_PORT}`;
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A staff account of `role`, made as a person would: the owner invites, the invitee signs up with the link. */
async function account(browser: Browser, role: 'contributor' | 'editor' | 'author', name: string) {
  const email = `${role}-${stamp()}@touchline.test`;
  const owner = await browser.newContext();
  await signIn(owner);
  const invited = await owner.request.post(`${baseURL()}/api/invitations`, {
    data: { email, role },
    headers: { origin: baseURL() },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitation = new URL(((await invited.json()) as { url: string }).url).searchParams.get('invite')!;
  await owner.close();
  const context = await browser.newContext();
  const signedUp = await context.request.post(`${baseURL()}/api/users`, {
    data: { invitation, email, password: PASSWORD, name },
    headers: { origin: baseURL() },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  return { email, context };
}

async function open(page: Page, path: string) {
  await watchAppStart(page);
  await page.goto(path);
  await appStarted(page);
}

/** Accepts the alert a save shows, after pressing `button`. */
async function save(page: Page, button: string) {
  const alert = nextAlert(page);
  await page.getByRole('button', { name: button, exact: true }).click();
  expect(await alert).toBe('Blog form submitted successfully!');
}

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test.describe('the desk by mail', () => {
  test.describe.configure({ mode: 'serial' });
  let smtp: TestSmtp;
  test.beforeAll(async () => {
    smtp = await startTestSmtp(Number(process.env.TOUCHLINE_E2E_SMTP_PORT));
  });
  test.afterAll(async () => smtp?.close());

  /** The first message to `to` whose text has `needle` (and whose subject matches); waits for it, as the outbox sends after the commit. */
  async function mailTo(to: string, needle: string, subject = /./) {
    const found = () =>
      smtp.messages.find((m) => m.to.includes(to) && m.text.includes(needle) && subject.test(m.subject));
    await expect.poll(() => found() !== undefined, { timeout: 20_000 }).toBe(true);
    return found()!;
  }

  test('a post goes from submission through a request for changes to published, and its writer hears of each', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const contributor = await account(browser, 'contributor', 'Cara Contributor');
    const editor = await account(browser, 'editor', 'Eddie Editor');
    const writer = await contributor.context.newPage();
    const desk = await editor.context.newPage();
    const title = `Derby notes ${stamp()}`;

    // The contributor writes a post and submits it for review.
    await open(writer, '/admin');
    await writer.getByLabel('Title', { exact: true }).fill(title);
    await save(writer, 'Submit for review');
    const preview = await writer.getByRole('link', { name: 'Preview the post' }).getAttribute('href');
    const id = Number(/\/admin\/preview\/(\d+)/.exec(preview ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);

    // ...and edits it again while it waits.
    await open(writer, `/admin/edit/${id}`);
    await expect(writer.locator('span', { hasText: /^In review$/ })).toBeVisible();
    await expect(writer.getByLabel('Status')).toHaveValue('review');
    await expect(writer.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await writer.getByLabel('Title', { exact: true }).fill(`${title} revised`);
    await save(writer, 'Submit');

    // The editor sees the queue's count, and the change since the submission as a word diff.
    await open(desk, '/admin/review');
    await expect(desk.getByRole('link', { name: 'Review (1)' })).toBeVisible();
    const row = desk.getByRole('listitem').filter({ has: desk.getByRole('heading', { name: `${title} revised` }) });
    await expect(row.locator('ins')).toContainText('revised');
    await expect(row.getByText(/^Submitted by Cara Contributor on /)).toBeVisible();
    await expectAxeClean(desk);
    await row.getByRole('button', { name: /^Request changes/ }).click();
    await row.getByLabel('Note to the writer').fill('Name the scorer in the first line.');
    await row.getByRole('button', { name: 'Send request' }).click();
    await expect(desk.getByText(`Asked for changes to “${title} revised”.`)).toBeVisible();

    // The contributor reads the note in the inbox and on the post, and submits again.
    await open(writer, '/admin/inbox');
    const note = writer.getByRole('link', { name: /Name the scorer in the first line\./ });
    await expect(note).toBeVisible();
    await expectAxeClean(writer);
    await note.click();
    await expect(writer.getByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeVisible();
    await expect(
      writer.getByRole('list', { name: 'Notes, newest last' }).getByText('Name the scorer in the first line.'),
    ).toBeVisible();
    const final = `${title} revised, Kane scoring`;
    await writer.getByLabel('Title', { exact: true }).fill(final);
    await save(writer, 'Submit for review');

    // The editor sees what changed since the request for changes, and publishes it.
    await open(desk, '/admin/review');
    const again = desk.getByRole('listitem').filter({ has: desk.getByRole('heading', { name: final }) });
    await expect(again.getByRole('heading', { name: 'Changed since changes were requested' })).toBeVisible();
    await expect(again.locator('ins', { hasText: 'Kane' })).toBeVisible();
    await desk.getByRole('button', { name: `Publish “${final}”` }).click();
    await expect(desk.getByText(`Published “${final}”.`)).toBeVisible();
    await expect(desk.getByRole('link', { name: 'Review (0)' })).toBeVisible();

    // The contributor hears of it in the app and by email, with a link to the post's admin page.
    await open(writer, '/admin/inbox');
    await expect(writer.getByRole('list', { name: 'Notifications' }).getByRole('link').first()).toContainText(
      /published/i,
    );
    const link = `${baseURL()}/admin/edit/${id}`;
    const mail = await mailTo(contributor.email, link, /published/i);
    expect(mail.text).toContain(final);
    await contributor.context.close();
    await editor.context.close();
  });

  test('Forgot password? mails a link that sets a new password and ends the old sessions', async ({ browser }) => {
    const { email, context: old } = await account(browser, 'author', 'Ada Author');
    const before = await old.request.get(`${baseURL()}/api/session`);
    expect(before.status()).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page, '/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(/If an account has this email, a password reset link is on its way/)).toBeVisible();

    const mail = await mailTo(email, '/auth?reset=');
    const resetLink = /https?:\/\/\S+\/auth\?reset=\S+/.exec(mail.text)![0];
    await open(page, new URL(resetLink).pathname + new URL(resetLink).search);
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase 456');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    expect((await old.request.get(`${baseURL()}/api/session`)).status()).toBe(401);
    await old.close();
    await context.close();
  });
});

test("@phone-only a contributor's /admin/posts on a phone: cards, no sideways scroll, no Edit on others' posts", async ({
  browser,
  page,
  request,
}) => {
  const others = `Owner's story ${stamp()}`;
  await publishPost(request, richSubmission(others));
  const { email, context: contributor } = await account(browser, 'contributor', 'Cory Contributor');
  const mine = `My draft ${stamp()}`;
  const drafted = await contributor.request.post(`${baseURL()}/api/blogs`, {
    data: { ...richSubmission(mine), status: 'draft' },
    headers: { origin: baseURL() },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  await contributor.close();

  // This project's page is the phone (375 px); it signs in as the contributor, in the light theme.
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await signInContext(page.context(), baseURL(), { email, password: PASSWORD });
  await open(page, '/admin/posts');
  const table = page.getByRole('table');
  const row = (title: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
  await expect(row(mine).getByRole('link', { name: `Edit “${mine}”` })).toBeVisible();
  await expect(row(others).getByText('Published')).toBeVisible();
  await expect(row(others).getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(row(others).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await expectAxeClean(page);
});
