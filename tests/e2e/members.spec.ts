// A reader who comes back, in the browser against the real server and a real SMTP server (helpers/mailbox.ts): they
// subscribe to one tag from a story page, confirm from the mail's link (the page changes nothing until its button is
// pressed), get the next story with that tag and not one without it, unsubscribe with one click, and /account says
// so. The member pages are axe-clean in both themes, on desktop and on a phone.
import { expect, test } from '@playwright/test';
import { publishPost, richSubmission } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';
import { expectAxeCleanInBothThemes } from './helpers/axe';
import { linkIn, mailTo, openMailbox } from './helpers/mailbox';
import type { TestSmtp } from '../server/helpers/smtp';

/** A word no other post or address holds, so other specs' posts and members never meet this run's. */
const uniqueWord = () => `zm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A published story with these tags. */
async function story(request: Parameters<typeof publishPost>[0], title: string, tags: string[]) {
  const submission = richSubmission(title);
  return publishPost(request, { ...submission, header: { ...submission.header, tags } });
}

test.describe('a reader who follows one tag by email', () => {
  test.describe.configure({ mode: 'serial' });
  let smtp: TestSmtp;
  test.beforeAll(async () => {
    smtp = await openMailbox();
  });
  test.afterAll(async () => smtp?.close());

  test('subscribes from a story, confirms from the mail, gets only that tag, unsubscribes in one click', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const word = uniqueWord();
    const email = `reader-${word}@example.com`;
    const club = `Club ${word}`;
    const first = await story(request, `Opening day ${word}`, [club]);

    // The story ends with the form, its tag ticked.
    await watchAppStart(page);
    await page.goto(`/page/${first.id}`);
    await appStarted(page);
    const form = page.getByRole('region', { name: 'Get stories like this by email' });
    await expect(form.getByRole('checkbox', { name: club })).toBeChecked();
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Check your inbox to confirm.')).toBeVisible();

    // The mail's link opens a page with a button; opening it confirms nothing.
    const confirmation = await mailTo(smtp, email, (mail) => /Confirm your subscription/.test(mail.subject));
    const link = linkIn(confirmation, '/members/confirm?token=');
    // Opened twice, as a mail scanner and then the reader would: the link still works.
    await page.goto(link);
    await page.goto(link);
    await appStarted(page);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(`You follow: ${club}.`)).toBeVisible();

    // A story of another tag first, then one of the club's: only the club's is mailed to this reader.
    const other = await story(request, `Elsewhere ${word}`, [`Other ${word}`]);
    const next = await story(request, `Matchday two ${word}`, [club]);
    const newsletter = await mailTo(smtp, email, (mail) => mail.subject.includes(next.title));
    expect(smtp.messages.filter((mail) => mail.to.includes(email) && mail.text.includes(other.title))).toEqual([]);

    // One click: the mail's unsubscribe link opens the page whose button makes the RFC 8058 POST.
    const header = /^list-unsubscribe:\s*<([^>]+)>/im.exec(newsletter.raw)?.[1];
    expect(header, 'the newsletter carries List-Unsubscribe').toBeTruthy();
    const token = new URL(header!).searchParams.get('token')!;
    await page.goto(`/members/unsubscribe?token=${encodeURIComponent(token)}`);
    await appStarted(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You are unsubscribed: we will send you no more stories.')).toBeVisible();

    await page.goto('/account');
    await expect(page.getByText('You are unsubscribed: we send you no stories.')).toBeVisible();
    const replyMail = page.getByRole('checkbox', { name: 'Email me when someone replies to my comment' });
    await expect(replyMail).toBeChecked();

    // The server renders the member's own page: without JavaScript it shows them and its form saves the switch.
    const noScript = await page
      .context()
      .browser()!
      .newContext({
        javaScriptEnabled: false,
        storageState: await page.context().storageState(),
      });
    const plain = await noScript.newPage();
    await plain.goto('/account');
    await expect(plain.getByText(email)).toBeVisible();
    await plain.getByRole('checkbox', { name: 'Email me when someone replies to my comment' }).uncheck();
    await plain.getByRole('button', { name: 'Save preferences' }).click();
    await expect(plain).toHaveURL(/\/account\?saved=1$/);
    await expect(plain.getByText('Saved.')).toBeVisible();
    await expect(
      plain.getByRole('checkbox', { name: 'Email me when someone replies to my comment' }),
    ).not.toBeChecked();
    await noScript.close();
  });
});

const MEMBER_PAGES = [
  { path: '/members/subscribed', heading: 'Almost there' },
  { path: '/members/confirm?token=abc', heading: 'Confirm your subscription' },
  { path: '/members/signin', heading: 'Sign in' },
  { path: '/members/unsubscribe?token=abc', heading: 'Unsubscribe' },
  { path: '/account', heading: 'Your subscription' },
];

for (const { path, heading } of MEMBER_PAGES) {
  test(`${path} has no WCAG A/AA violations in the dark theme, nor in the light one @phone`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await watchAppStart(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await appStarted(page);
    await expectAxeCleanInBothThemes(page);
  });
}

test('opening a mailed link changes nothing, and its button works without JavaScript @phone', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/members/confirm?token=not-a-real-token');
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  // The form post comes back to the page with the reason, in words.
  await expect(page).toHaveURL(/\/members\/confirm\?error=unknown$/);
  await expect(page.getByText('This link is not valid: ask for a new one.')).toBeVisible();
  await context.close();
});
