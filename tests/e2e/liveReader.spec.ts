// Live coverage as a reader lives it, against the real server: a page opened before the start turns live by itself
// (badge, score and first update within 2 s, no reload), as do the landing page's "Live now" and the list's badge; a
// live post leads with its score and newest updates and keeps a compact score bar in view on a phone; an ended post
// leads with its report and follows with "How it happened"; axe finds nothing on these pages in either theme.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { appStarted, watchAppStart } from './helpers/app';
import { axeViolations } from './helpers/axe';
import { publishPost, richSubmission } from './helpers/api';
import { ADMIN_TOKEN } from './helpers/constants';

const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
const MATCH = { home: 'Hillcrest', away: 'Rovers', homeScore: '0', awayScore: '0', clock: "1'" };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function setLive(request: APIRequestContext, id: number, data: object) {
  const response = await request.put(`/api/blogs/${id}/live`, { headers: bearer, data });
  expect(response.status()).toBe(200);
}

async function addEntry(request: APIRequestContext, id: number, body: string) {
  const response = await request.post(`/api/blogs/${id}/entries`, { headers: bearer, data: { body } });
  expect(response.status()).toBe(201);
}

async function newPost(request: APIRequestContext, name: string) {
  return publishPost(request, richSubmission(`${name} ${Date.now().toString(36)}`));
}

async function open(page: Page, url: string) {
  await watchAppStart(page);
  await page.goto(url);
  await appStarted(page);
}

/** The top of an element in the page's coordinates. */
const topOf = async (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

test('a post page opened before the start sees the badge, the score and the first update within 2 s, no reload', async ({
  page,
  request,
}) => {
  const { id, title } = await newPost(request, 'Kick-off');
  await open(page, `/page/${id}`);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  await expect(heading.getByText('Live', { exact: true })).toHaveCount(0);
  let loads = 0;
  page.on('load', () => (loads += 1));

  await setLive(request, id, { state: 'live', match: MATCH });
  await addEntry(request, id, 'Kick-off: Hillcrest get us under way');
  await expect(heading.getByText('Live', { exact: true })).toBeVisible({ timeout: 2000 });
  await expect(page.getByText('Hillcrest 0–0 Rovers')).toBeVisible({ timeout: 2000 });
  await expect(page.locator('article[id^="entry-"]').first()).toContainText('Kick-off: Hillcrest', {
    timeout: 2000,
  });

  // From then on it is a live page: the next score and update arrive on their own too.
  await setLive(request, id, { state: 'live', match: { ...MATCH, homeScore: '1', clock: "9'" } });
  await addEntry(request, id, 'Goal! Hillcrest lead');
  await expect(page.getByText('Hillcrest 1–0 Rovers')).toBeVisible({ timeout: 2000 });
  await expect(page.locator('article[id^="entry-"]').first()).toContainText('Goal! Hillcrest lead', { timeout: 2000 });
  expect(loads).toBe(0);
});

test('"Live now" on a phone is in the first screen and follows the score; the list shows "Live" once it starts', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext(PHONE);
  try {
    const { id, title } = await newPost(request, 'Cup tie');
    const list = await context.newPage();
    await open(list, '/blog');
    const item = list.getByRole('article').filter({ has: list.getByRole('link', { name: title }) });
    await expect(item).toBeVisible();
    await expect(item.getByText('Live', { exact: true })).toHaveCount(0);

    await setLive(request, id, { state: 'live', match: MATCH });
    await expect(item.getByText('Live', { exact: true })).toBeVisible({ timeout: 2000 });

    const home = await context.newPage();
    await open(home, '/');
    const liveNow = home.getByRole('region', { name: 'Live now' });
    const link = liveNow.getByRole('link', { name: title });
    await expect(link).toBeInViewport();
    const score = liveNow.getByRole('listitem').filter({ has: home.getByRole('link', { name: title }) });
    await expect(score).toContainText('Hillcrest 0–0 Rovers');
    await setLive(request, id, { state: 'live', match: { ...MATCH, awayScore: '1', clock: "30'" } });
    await expect(score).toContainText('Hillcrest 0–1 Rovers', { timeout: 2000 });
    await setLive(request, id, { state: 'ended' });
    await expect(link).toHaveCount(0, { timeout: 2000 });
  } finally {
    await context.close();
  }
});

test('a live post leads with its score and newest updates; on a 390×844 phone the score bar stays in view through 30 updates', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { id } = await newPost(request, 'Thirty updates');
  await setLive(request, id, { state: 'live', match: MATCH });
  for (let n = 1; n <= 30; n += 1) await addEntry(request, id, `Update ${n}: the ball is worked wide and cleared.`);

  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await open(page, `/page/${id}`);
    const bar = page.getByText('Hillcrest 0–0 Rovers');
    await expect(bar).toBeInViewport();
    // The order: title, score, the newest update, the rest, then the match report and the story's sections.
    const title = await topOf(page, 'h1');
    const score = await topOf(page, 'section[aria-labelledby="live-updates"] > p');
    const newest = await topOf(page, 'article[id^="entry-"]');
    const report = await page
      .getByRole('heading', { level: 2, name: 'Match report' })
      .evaluate((h) => h.getBoundingClientRect().top + window.scrollY);
    expect(title).toBeLessThan(score);
    expect(score).toBeLessThan(newest);
    expect(newest).toBeLessThan(report);
    await expect(page.locator('article[id^="entry-"]').first()).toContainText('Update 30');

    const tabBar = await page.getByRole('navigation').last().boundingBox();
    const entries = page.locator('article[id^="entry-"]');
    await expect(entries).toHaveCount(30);
    for (const at of [3, 10, 20, 29]) {
      await entries.nth(at).evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const box = (await bar.boundingBox())!;
      expect(box.y, `score bar on screen at update ${30 - at}`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(tabBar ? tabBar.y : 844);
      // Nothing is drawn over it (the top bar sits above it, the tab bar below).
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('p')?.textContent ?? '',
        { x: box.x + 8, y: box.y + box.height / 2 },
      );
      expect(onTop).toContain('Hillcrest 0–0 Rovers');
    }
  } finally {
    await context.close();
  }
});

test('an ended post leads with its report; the updates follow under "How it happened"', async ({ page, request }) => {
  const { id } = await newPost(request, 'Full time');
  await setLive(request, id, { state: 'live', match: MATCH });
  await addEntry(request, id, 'Full time whistle');
  await setLive(request, id, { state: 'ended' });
  await open(page, `/page/${id}`);
  await expect(page.getByRole('heading', { level: 1 }).getByText('Ended', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Match report' })).toHaveCount(0);
  const happened = page.getByRole('heading', { level: 2, name: 'How it happened' });
  await expect(happened).toBeVisible();
  const firstSection = await page
    .locator('article h2')
    .first()
    .evaluate((h) => h.getBoundingClientRect().top + window.scrollY);
  const howItHappened = await happened.evaluate((h) => h.getBoundingClientRect().top + window.scrollY);
  const entry = await topOf(page, 'article[id^="entry-"]');
  expect(firstSection).toBeLessThan(howItHappened);
  expect(howItHappened).toBeLessThan(entry);
});

for (const [name, options] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['a 390×844 phone', PHONE],
] as const) {
  test(`a live post's page and the landing page's "Live now" have no WCAG A/AA violations in either theme on ${name}`, async ({
    browser,
    request,
  }) => {
    const { id } = await newPost(request, 'Axe derby');
    await setLive(request, id, { state: 'live', match: MATCH });
    await addEntry(request, id, 'Kick-off');
    await addEntry(request, id, 'A first chance, saved');
    const context = await browser.newContext(options);
    try {
      const page = await context.newPage();
      for (const url of [`/page/${id}`, '/']) {
        for (const theme of ['dark', 'light']) {
          await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
          await open(page, url);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          expect(await axeViolations(page), `${url} in the ${theme} theme`).toEqual([]);
        }
      }
    } finally {
      await context.close();
    }
  });
}
