// The live desk and the editor's edges in Chromium: fields at their natural height (the desk's match fields, its
// Update box, the editor's Status select), the score and the Update box on a phone's first screen, End coverage asking
// first while Start does not, an update before Start answered in a plain sentence, the heading's "Live:" once, key
// events cut on a word, the Access Token behind "Use an API token instead", the Preview tab's photo and tags, and axe
// on the desk in both themes on a phone and a desktop.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { appStarted, watchAppStart } from './helpers/app';
import { axeViolations, switchTheme } from './helpers/axe';
import { publishPost, richSubmission } from './helpers/api';
import { makePng } from './helpers/png';
import { signIn } from './helpers/session';

test.beforeEach(({ context }) => signIn(context));

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function open(page: Page, path: string) {
  await watchAppStart(page);
  await page.goto(path);
  await appStarted(page);
}

/** A control's rendered height in CSS pixels. */
const heightOf = async (page: Page, label: string) =>
  (await page.getByLabel(label, { exact: true }).boundingBox())?.height ?? Number.NaN;

// A text field at its natural height: 44px for touch, a little more with its font; nowhere near the old 192px.
const NATURAL = 64;

test('the desk fits a phone: every field its natural height, the score and the Update box on the first screen', async ({
  page,
  request,
}) => {
  const { id } = await publishPost(request, richSubmission(unique('Phone desk')));
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/admin/live/${id}`);
  await page.getByRole('button', { name: 'Start live coverage' }).click();
  await expect(page.getByRole('button', { name: 'End coverage' })).toBeVisible();
  for (const label of ['Home', 'Away', 'Home score', 'Away score', 'Clock']) {
    expect(await heightOf(page, label), label).toBeLessThan(NATURAL);
  }
  // Four rows of text, not 12rem.
  expect(await heightOf(page, 'Update')).toBeLessThan(150);

  await page.getByLabel('Home', { exact: true }).fill('Hillcrest');
  await page.getByLabel('Away', { exact: true }).fill('Rovers');
  await page.getByLabel('Home score', { exact: true }).fill('1');
  await page.getByLabel('Away score', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Match saved.')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const score = await page.getByText('Hillcrest 1–0 Rovers').first().boundingBox();
  const update = await page.getByLabel('Update', { exact: true }).boundingBox();
  expect(score!.y + score!.height).toBeLessThanOrEqual(844);
  expect(update!.y + update!.height).toBeLessThanOrEqual(844);
});

test("the editor's Status select is its natural height", async ({ page }) => {
  await open(page, '/admin');
  expect(await heightOf(page, 'Status')).toBeLessThan(NATURAL);
});

test('End coverage asks first in its row, Start does not; an update before Start gets a plain sentence', async ({
  page,
  request,
}) => {
  const { id } = await publishPost(request, richSubmission(unique('Live: Hillcrest v Rovers')));
  await open(page, `/admin/live/${id}`);
  // The title says "Live:" already: the heading says it once.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Live: Hillcrest v Rovers/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Live: Live:/);

  await page.getByLabel('Update', { exact: true }).fill('Teams are out');
  await page.getByRole('button', { name: 'Post update' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'not posted' });
  await expect(alert).toHaveText('The update was not posted. Start coverage first to post updates.');

  await page.getByRole('button', { name: 'Start live coverage' }).click();
  await expect(page.getByText('Live coverage started.')).toBeVisible();
  await page.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByText('Update posted.')).toBeVisible();

  await page.getByRole('button', { name: 'End coverage' }).click();
  const question = page.getByRole('group', { name: 'End coverage?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'End coverage' })).toBeFocused();
  await page.getByRole('button', { name: 'End coverage' }).click();
  await page.getByRole('button', { name: 'End coverage now' }).click();
  await expect(page.getByText('Coverage ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start live coverage' })).toBeVisible();
});

test("a key event's link is cut on a word, with an ellipsis", async ({ page, request }) => {
  const { id } = await publishPost(request, richSubmission(unique('Key events')));
  await open(page, `/admin/live/${id}`);
  await page.getByRole('button', { name: 'Start live coverage' }).click();
  await expect(page.getByText('Live coverage started.')).toBeVisible();
  const words = 'Goal for Hillcrest after a long move down the left wing finished by the captain at the far post';
  await page.getByLabel('Update', { exact: true }).fill(words);
  await page.getByRole('checkbox', { name: 'Key event' }).first().check();
  await page.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByText('Update posted.')).toBeVisible();

  await open(page, `/page/${id}`);
  const link = page.getByRole('navigation', { name: 'Key events' }).getByRole('link');
  const text = (await link.innerText()).trim();
  expect(text).toMatch(/…$/);
  const shown = text.slice(text.indexOf('Goal'), -1);
  expect(words.startsWith(shown)).toBe(true);
  // The cut falls between words: what follows the shown words in the full text is a space.
  expect(words[shown.length]).toBe(' ');
});

test('a signed-in writer finds the Access Token behind "Use an API token instead"', async ({ page }) => {
  await open(page, '/admin');
  await expect(page.getByLabel('Access Token')).toBeHidden();
  await page.getByText('Use an API token instead', { exact: true }).click();
  await expect(page.getByLabel('Access Token')).toBeVisible();
});

test('the Preview tab shows the header photo chosen from a file and the tags, as readers get them', async ({
  page,
}) => {
  await open(page, '/admin');
  await page.getByRole('button', { name: 'Blank post' }).click();
  await page.getByLabel('Title', { exact: true }).fill(unique('Preview'));
  await page.getByLabel('Tags', { exact: true }).fill('Derby, Tactics');
  await page.getByLabel('Upload Header Image').setInputFiles({
    name: 'header.png',
    mimeType: 'image/png',
    buffer: makePng(96, 54, [30, 90, 200]),
  });
  await page.getByRole('tab', { name: 'Preview' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Preview' });
  await expect(panel.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText(['Derby', 'Tactics']);
  // Uploaded on opening the tab: the photo is the server's file, as the post page will show it.
  await expect(panel.locator('article img').first()).toHaveAttribute('src', /^\/uploads\//);
});

for (const width of [390, 1280]) {
  test(`the desk has no WCAG A/AA violations in either theme at ${width}px`, async ({ page, request }) => {
    const { id } = await publishPost(request, richSubmission(unique('Axe desk')));
    await page.setViewportSize({ width, height: 844 });
    await page.addInitScript(() => localStorage.setItem('theme', localStorage.getItem('theme') ?? 'dark'));
    await open(page, `/admin/live/${id}`);
    await page.getByRole('button', { name: 'Start live coverage' }).click();
    await page.getByRole('button', { name: 'End coverage' }).click();
    await expect(page.getByRole('group', { name: 'End coverage?' })).toBeVisible();
    expect(await axeViolations(page), 'dark').toEqual([]);
    await switchTheme(page, 'light');
    expect(await axeViolations(page), 'light').toEqual([]);
  });
}
