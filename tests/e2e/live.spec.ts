// Live coverage end to end against the real server, two pages side by side: the writer's desk and a reader's page.
// The writer starts coverage, sets the score and posts; the reader at the top sees each update appear, a reader
// scrolled into the entries gets "N new updates" and the title count instead; edits and deletes reach the reader;
// an offline spell loses nothing and repeats nothing; the page lists the entries with JavaScript off; axe finds
// nothing on the reader's page or the desk (both themes, a phone's width for the desk).
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { appStarted, watchAppStart } from './helpers/app';
import { axeViolations } from './helpers/axe';
import { publishPost, richSubmission } from './helpers/api';
import { signIn } from './helpers/session';

/** A long update, so a few of them fill a small window and the reader can scroll into them. */
const long = (text: string) => `${text} ${'The ball is worked wide, crossed, cleared and recycled. '.repeat(8)}`;

/** Waits for a page's app and its open stream (networkidle never comes while a stream is open). */
async function openLive(page: Page, url: string) {
  await watchAppStart(page);
  const stream = page.waitForResponse((response) => /\/api\/blogs\/\d+\/live/.test(response.url()));
  await page.goto(url);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  expect((await stream).status()).toBe(200);
}

async function post(desk: Page, text: string, options: { key?: boolean } = {}) {
  const update = desk.getByLabel('Update', { exact: true });
  await update.fill(text);
  if (options.key) await desk.getByRole('checkbox', { name: 'Key event' }).first().check();
  await update.press('Control+Enter');
  await expect(update).toHaveValue('');
  await expect(update).toBeFocused();
}

test('the writer covers a match live and a reader follows it without reloading', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { id } = await publishPost(request, richSubmission(`Derby day ${Date.now().toString(36)}`));
  const baseURL = `http://127.0.0.1:${process.env.TOUCHLINE_E2E_PORT}`;

  const writer = await browser.newContext({ baseURL, viewport: { width: 640, height: 800 } });
  const readers = await browser.newContext({ baseURL, viewport: { width: 640, height: 500 } });
  try {
    await signIn(writer);
    const desk = await writer.newPage();
    await watchAppStart(desk);
    await desk.goto(`/admin/live/${id}`);
    await appStarted(desk);
    await desk.getByRole('button', { name: 'Start live coverage' }).click();
    await expect(desk.getByRole('button', { name: 'End coverage' })).toBeVisible();
    await desk.getByLabel('Home', { exact: true }).fill('Arsenal');
    await desk.getByLabel('Away', { exact: true }).fill('Chelsea');
    await desk.getByLabel('Home score', { exact: true }).fill('0');
    await desk.getByLabel('Away score', { exact: true }).fill('0');
    await desk.getByLabel('Clock').fill("1'");
    await desk.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(desk.getByText('Match saved.')).toBeVisible();

    // The unsent update survives a reload of the desk.
    await desk.getByLabel('Update', { exact: true }).fill('Kick-off at the Emirates');
    await desk.reload();
    await expect(desk.getByLabel('Update', { exact: true })).toHaveValue('Kick-off at the Emirates');
    await desk.getByLabel('Update', { exact: true }).press('Control+Enter');
    await expect(desk.getByLabel('Update', { exact: true })).toHaveValue('');

    const reader = await readers.newPage();
    // Hydration must match the server's markup (the entries' times included): React reports a mismatch as an error.
    const errors: string[] = [];
    reader.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    reader.on('pageerror', (error) => errors.push(error.message));
    await openLive(reader, `/page/${id}`);
    await expect(reader.getByText('Live', { exact: true })).toBeVisible();
    await expect(reader.getByText('Arsenal 0–0 Chelsea')).toBeVisible();
    await expect(reader.locator('article[id^="entry-"]')).toHaveCount(1);

    // At the top: each update and the score appear without a reload.
    await post(desk, long('Saka shoots wide'));
    await expect(reader.locator('article[id^="entry-"]').first()).toContainText('Saka shoots wide', { timeout: 2000 });
    await desk.getByRole('button', { name: 'Home score +1' }).click();
    await expect(reader.getByText('Arsenal 1–0 Chelsea')).toBeVisible({ timeout: 2000 });
    await post(desk, long('GOAL! Arsenal lead'), { key: true });
    await expect(reader.locator('article[id^="entry-"]').first()).toContainText('GOAL! Arsenal lead');
    await expect(reader.getByRole('navigation', { name: 'Key events' }).getByRole('link')).toHaveCount(1);
    await post(desk, long('Chelsea press high'));
    await expect(reader.locator('article[id^="entry-"]')).toHaveCount(4);

    // Scrolled into the entries: nothing moves, the updates wait behind the button and the title counts them.
    // (The entries lead the page now: the reader scrolls to the oldest, past the newest.)
    await reader.evaluate(() => document.querySelectorAll('article[id^="entry-"]')[3]!.scrollIntoView());
    const firstTop = () =>
      reader.evaluate(() => document.querySelector('article[id^="entry-"]')!.getBoundingClientRect().top);
    const scrolled = await firstTop();
    expect(scrolled).toBeLessThan(0);
    await post(desk, 'Corner to Chelsea');
    await expect(reader.getByRole('button', { name: '1 new update' })).toBeVisible({ timeout: 2000 });
    await post(desk, 'Header over the bar');
    const waiting = reader.getByRole('button', { name: '2 new updates' });
    await expect(waiting).toBeVisible({ timeout: 2000 });
    await expect(reader).toHaveTitle(/^\(2\) /);
    await expect(reader.locator('article[id^="entry-"]')).toHaveCount(4);
    expect(Math.abs((await firstTop()) - scrolled)).toBeLessThan(2);
    await waiting.click();
    await expect(reader.locator('article[id^="entry-"]')).toHaveCount(6);
    await expect(reader.locator('article[id^="entry-"]').first()).toContainText('Header over the bar');
    await expect(reader.locator('article[id^="entry-"]').first()).toBeInViewport();
    await expect(reader).not.toHaveTitle(/^\(\d+\) /);

    // An edit changes the entry in place; a delete removes it.
    const corner = desk.locator('article').filter({ hasText: 'Corner to Chelsea' }).last();
    await corner.getByRole('button', { name: /^Edit/ }).click();
    await desk.getByRole('textbox', { name: 'Edit update' }).fill('Corner to Chelsea, cleared');
    await desk.getByRole('button', { name: 'Save update' }).click();
    await expect(reader.locator('article[id^="entry-"]').nth(1)).toContainText('Corner to Chelsea, cleared', {
      timeout: 2000,
    });
    const header = desk.locator('article').filter({ hasText: 'Header over the bar' }).last();
    await header.getByRole('button', { name: /^Delete/ }).click();
    const confirm = desk.getByRole('button', { name: 'Delete update', exact: true });
    await expect(confirm).toBeFocused();
    await confirm.click();
    await expect(reader.getByText('Header over the bar')).toHaveCount(0, { timeout: 2000 });

    expect(errors, 'errors on the reader page').toEqual([]);

    // Offline and back: the update written meanwhile arrives once.
    await readers.setOffline(true);
    await post(desk, 'Half-time whistle');
    await readers.setOffline(false);
    await expect(reader.getByText('Half-time whistle')).toHaveCount(1, { timeout: 15_000 });
    await expect(reader.locator('article[id^="entry-"]')).toHaveCount(6);

    // Ending the coverage (confirmed in its row) turns the reader's "Live" into "Ended".
    await desk.getByRole('button', { name: 'End coverage' }).click();
    await desk.getByRole('button', { name: 'End coverage now' }).click();
    await expect(reader.getByRole('heading', { level: 1 }).getByText('Ended', { exact: true })).toBeVisible({
      timeout: 2000,
    });

    // Both pages in both themes at a phone's width: no WCAG A/AA violation, no sideways scroll.
    for (const theme of ['dark', 'light'] as const) {
      for (const [page, name] of [
        [reader, 'reader page'],
        [desk, 'desk'],
      ] as const) {
        await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
        await page.setViewportSize({ width: 375, height: 800 });
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
        await expect(page.getByText('Half-time whistle').first()).toBeVisible();
        expect(await axeViolations(page), `axe violations on the ${name} (${theme})`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
    }
  } finally {
    await writer.close();
    await readers.close();
  }

  // Without JavaScript the server-rendered page lists the entries.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await plain.newPage();
    await page.goto(`/page/${id}`);
    await expect(page.getByRole('heading', { level: 1 }).getByText('Ended', { exact: true })).toBeVisible();
    await expect(page.getByText('Arsenal 1–0 Chelsea')).toBeVisible();
    await expect(page.locator('article[id^="entry-"]')).toHaveCount(6);
    await expect(page.locator('article[id^="entry-"]').first()).toContainText('Half-time whistle');
    await expect(page.locator('article[id^="entry-"] time[datetime]')).toHaveCount(6);
  } finally {
    await plain.close();
  }
});
