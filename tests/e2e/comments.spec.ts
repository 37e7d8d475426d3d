// Members' comments end to end, against the real server and the test's SMTP server (helpers/mailbox.ts): a member's
// first comment waits ("Awaiting moderation", for them only), the editor approves it at /admin/comments, a second
// member's open page shows it without a reload and replies, and the first member is mailed the reply only once it is
// approved. The form works from the keyboard alone; the desk and the post page are axe-clean in both themes and on a
// phone. One browser context per actor.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { publishPost, richSubmission } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';
import { expectAxeCleanInBothThemes, switchTheme } from './helpers/axe';
import { mailTo, openMailbox } from './helpers/mailbox';
import { memberContext } from './helpers/members';
import { signIn } from './helpers/session';
import type { TestSmtp } from '../server/helpers/smtp';

const baseURL = () => `http://127.0.0.1:${process.env.TOUCHLINE_E2E_PORT}`;
/** A word no other post or address holds, so other specs' posts and members never meet this run's. */
const uniqueWord = () => `cm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const REPLY_SUBJECT = /New reply to your comment/;

/** axe in both themes, then back to the dark one for what follows. */
async function checkBothThemes(page: Page, what: string) {
  await expectAxeCleanInBothThemes(page, what);
  await switchTheme(page, 'dark');
}

/** A story page with its comments thread loaded (the thread's chunk comes as the section nears the viewport). */
async function openStory(page: Page, id: number) {
  await watchAppStart(page);
  await page.goto(`/page/${id}`);
  await appStarted(page);
  const section = page.getByRole('region', { name: /^Comments \(\d+\)$/ });
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** A member's own page, in a context of its own. */
async function memberPage(browser: Browser, smtp: TestSmtp, email: string, name: string, options = {}) {
  const context = await browser.newContext({ baseURL: baseURL(), ...options });
  await memberContext(context, smtp, { email, name });
  return { context, page: await context.newPage() };
}

/** The desk's card of the comment holding `text`. */
const cardOf = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test.describe('comments', () => {
  test.describe.configure({ mode: 'serial' });
  let smtp: TestSmtp;
  test.beforeAll(async () => {
    smtp = await openMailbox();
  });
  test.afterAll(async () => smtp?.close());

  test('a first comment waits, the editor approves it, another member sees it live and replies; the reply mail waits for approval', async ({
    browser,
    page: desk,
    request,
  }) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    const post = await publishPost(request, richSubmission(`Derby talk ${word}`));
    const alice = { email: `alice-${word}@example.com`, name: `Alice ${word}` };
    const bob = { email: `bob-${word}@example.com`, name: `Bob ${word}` };
    const first = `What a finish ${word}!`;
    const reply = `The keeper had no chance ${word}.`;

    // Alice comments with the keyboard alone: the form's box, then Tab to its button and Enter.
    const a = await memberPage(browser, smtp, alice.email, alice.name);
    const aliceThread = await openStory(a.page, post.id);
    const box = aliceThread.getByRole('textbox', { name: 'Your comment' });
    await box.focus();
    await a.page.keyboard.type(first);
    await a.page.keyboard.press('Tab');
    await expect(aliceThread.getByRole('button', { name: 'Post comment' })).toBeFocused();
    await a.page.keyboard.press('Enter');
    const mine = aliceThread.getByRole('listitem').filter({ hasText: first });
    await expect(mine.getByText('Awaiting moderation')).toBeVisible();
    await expect(box).toHaveValue('');

    // Bob's page, open from before the approval: nothing of Alice's waiting comment.
    const b = await memberPage(browser, smtp, bob.email, bob.name);
    const bobThread = await openStory(b.page, post.id);
    await expect(bobThread.getByRole('textbox', { name: 'Your comment' })).toBeVisible();
    await expect(bobThread.getByText(first)).toHaveCount(0);

    // The editor's desk: the comment with its post and author; axe-clean in both themes with rows in it.
    await signIn(desk.context());
    await watchAppStart(desk);
    await desk.goto('/admin/comments');
    await appStarted(desk);
    await expect(
      desk.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Comments \(\d+\)$/ }),
    ).toBeVisible();
    const card = cardOf(desk, first);
    await expect(card.getByRole('link', { name: post.title })).toBeVisible();
    await expect(card).toContainText(`${alice.name} (${alice.email})`);
    await checkBothThemes(desk, '/admin/comments');
    await card.getByRole('button', { name: `Approve comment by ${alice.name} on ${post.title}` }).click();
    await expect(desk.getByText('Approved 1 comment.')).toBeVisible();

    // Bob's page shows it without a reload, and Bob replies.
    const approved = bobThread.getByRole('listitem').filter({ hasText: first });
    await expect(approved).toBeVisible({ timeout: 10_000 });
    await approved.getByRole('button', { name: 'Reply' }).first().click();
    const replyBox = bobThread.getByRole('textbox', { name: 'Your reply' });
    await replyBox.fill(reply);
    await bobThread
      .locator('form')
      .filter({ has: b.page.getByRole('textbox', { name: 'Your reply' }) })
      .getByRole('button', { name: 'Post comment' })
      .click();
    await expect(
      bobThread.getByRole('listitem').filter({ hasText: reply }).getByText('Awaiting moderation'),
    ).toBeVisible();

    // Not approved yet: no mail to Alice. The desk approves the reply; then the mail comes, once.
    await desk.reload();
    await appStarted(desk);
    const replyCard = cardOf(desk, reply);
    await expect(replyCard).toBeVisible();
    expect(smtp.messages.filter((mail) => mail.to.includes(alice.email) && REPLY_SUBJECT.test(mail.subject))).toEqual(
      [],
    );
    await replyCard.getByRole('button', { name: `Approve comment by ${bob.name} on ${post.title}` }).click();
    await expect(desk.getByText('Approved 1 comment.')).toBeVisible();
    const mail = await mailTo(smtp, alice.email, (message) => REPLY_SUBJECT.test(message.subject));
    expect(mail.text).toContain(post.title);
    expect(mail.text).toContain(reply);

    // The post page with its comments is axe-clean in both themes.
    const aliceAgain = await openStory(a.page, post.id);
    await expect(aliceAgain.getByText(reply)).toBeVisible();
    await checkBothThemes(a.page, 'the post page with comments');
    expect(smtp.messages.filter((m) => m.to.includes(alice.email) && REPLY_SUBJECT.test(m.subject))).toHaveLength(1);
    await a.context.close();
    await b.context.close();
  });

  test('the desk and the post page with comments are axe-clean on a phone, in both themes @phone-only', async ({
    browser,
    page: desk,
    request,
  }) => {
    test.setTimeout(90_000);
    const word = uniqueWord();
    const post = await publishPost(request, richSubmission(`Phone talk ${word}`));
    const member = { email: `carla-${word}@example.com`, name: `Carla ${word}` };
    const { context, page } = await memberPage(browser, smtp, member.email, member.name, {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    // Hostile text stays text and keeps the phone's layout: a long word with no spaces, a script tag, bidi overrides.
    const hostile = `<script>alert(1)</script> \u202Eevil\u202C ${'a'.repeat(300)} ${word}`;
    for (const body of [hostile, `Second ${word}`]) {
      const sent = await context.request.post(`${baseURL()}/api/blogs/${post.id}/comments`, {
        data: { body },
        headers: { origin: baseURL() },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    await signIn(desk.context());
    await watchAppStart(desk);
    await desk.goto('/admin/comments');
    await appStarted(desk);
    await expect(cardOf(desk, `Second ${word}`)).toBeVisible();
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkBothThemes(desk, '/admin/comments on a phone');
    await cardOf(desk, hostile.slice(-20))
      .getByRole('button', { name: /^Approve comment by/ })
      .click();
    await expect(desk.getByText('Approved 1 comment.')).toBeVisible();

    const thread = await openStory(page, post.id);
    await expect(thread.getByText(word).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkBothThemes(page, 'the post page with comments on a phone');
    await context.close();
  });
});
