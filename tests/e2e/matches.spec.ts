// The matchday hub end to end: an editor imports a round of fixtures on /admin/matches, a reader opens /matches on
// that day, the editor covers one match live from its row (start, score), the reader's page shows "Live" and the
// score without a reload, and once the desk ends coverage the competition's tag page has the result in its table.
// axe finds nothing on /admin/matches, /matches and /admin/tags in either theme, on a desktop and a phone.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { appStarted, watchAppStart } from './helpers/app';
import { expectAxeCleanInBothThemes } from './helpers/axe';
import { ADMIN_TOKEN } from './helpers/constants';
import { signIn } from './helpers/session';

/** A round of this run's own: names no other test (nor an earlier run on the same data) uses. */
function round() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const names = {
    competition: `League ${tag}`,
    home: `Hillcrest ${tag}`,
    away: `Rovers ${tag}`,
    otherHome: `Athletic ${tag}`,
    otherAway: `Wanderers ${tag}`,
  };
  // The e2e server's site zone is UTC (SITE_TIME_ZONE unset): the day and the kickoffs are UTC's.
  const day = new Date().toISOString().slice(0, 10);
  const csv = [
    'competition,home,away,kickoff,venue',
    `${names.competition},${names.home},${names.away},${day} 12:00,Hillcrest Park`,
    `${names.competition},${names.otherHome},${names.otherAway},${day} 15:00,`,
  ].join('\n');
  return { ...names, day, csv, slug: names.competition.toLowerCase().replace(/ /g, '-') };
}

async function open(page: Page, path: string) {
  await watchAppStart(page);
  await page.goto(path);
  await appStarted(page);
}

/** Checks the page in the dark theme it opens in, then in the light one. */
async function checkBothThemes(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAxeCleanInBothThemes(page);
}

test('an editor imports a round and covers a match live; the reader sees the score without reload, then the table', async ({
  page: desk,
  browser,
}) => {
  const r = round();
  await signIn(desk.context());
  await open(desk, `/admin/matches?date=${r.day}`);
  await desk.getByLabel('Fixtures', { exact: true }).fill(r.csv);
  await desk.getByRole('button', { name: 'Import fixtures' }).click();
  await expect(desk.getByText(/^Imported 2 matches; new teams and competitions: /)).toBeVisible();
  const matchName = `${r.home} v ${r.away}`;
  await expect(desk.getByRole('rowheader', { name: matchName })).toBeVisible();
  await expect(desk.getByRole('rowheader', { name: `${r.otherHome} v ${r.otherAway}` })).toBeVisible();

  // The reader, in a browser of their own, opens the day before the match goes live.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await open(reader, `/matches?date=${r.day}`);
  const readerRow = reader.getByRole('listitem').filter({ hasText: r.home });
  await expect(readerRow).toContainText(r.away);
  await expect(readerRow).toContainText('v');
  let loads = 0;
  reader.on('load', () => (loads += 1));

  // Cover live from the row: the desk of a new live post titled by the teams.
  await desk.getByRole('button', { name: `Cover live ${matchName}` }).click();
  await expect(desk).toHaveURL(/\/admin\/live\/\d+$/);
  const postId = Number(/\/admin\/live\/(\d+)$/.exec(desk.url())![1]);
  await desk.getByRole('button', { name: 'Start live coverage' }).click();
  await expect(desk.getByRole('button', { name: 'End coverage' })).toBeVisible();
  await desk.getByLabel('Home', { exact: true }).fill(r.home);
  await desk.getByLabel('Away', { exact: true }).fill(r.away);
  await desk.getByLabel('Home score', { exact: true }).fill('1');
  await desk.getByLabel('Away score', { exact: true }).fill('0');
  await desk.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(desk.getByText('Match saved.')).toBeVisible();

  await expect(readerRow).toContainText('Live');
  await expect(readerRow).toContainText('1–0');
  await expect(readerRow.getByRole('link', { name: /Follow live/ })).toHaveAttribute('href', `/page/${postId}`);
  expect(loads, 'the reader never reloaded').toBe(0);

  // Coverage ends: the match is finished at the desk's score, and the competition's table counts it.
  await desk.getByRole('button', { name: 'End coverage' }).click();
  await desk.getByRole('button', { name: 'End coverage now' }).click();
  await expect(desk.getByRole('button', { name: 'Start live coverage' })).toBeVisible();

  await open(reader, `/tag/${r.slug}`);
  const table = reader.getByRole('table', { name: r.competition });
  const winner = table.getByRole('row').filter({ hasText: r.home });
  // Pos, then P W D L GF GA GD Pts, then the form.
  await expect(winner.getByRole('cell')).toHaveText(['1', '1', '1', '0', '0', '1', '0', /^\+?1$/, '3', /W/]);
  const loser = table.getByRole('row').filter({ hasText: r.away });
  await expect(loser.getByRole('cell')).toHaveText([/^\d$/, '1', '0', '0', '1', '0', '1', /^[−-]1$/, '0', /L/]);
  await readerContext.close();
});

/** Imports a round through the API (the import page itself is the first test's), signed in, in the dark theme. */
async function withRound(page: Page, request: APIRequestContext) {
  const r = round();
  const imported = await request.post('/api/matches/import', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
    data: r.csv,
  });
  expect(imported.status(), await imported.text()).toBe(201);
  await signIn(page.context());
  await page.addInitScript(() => {
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'dark');
  });
  return r;
}

test('/admin/matches with a round, a question in a row and the form open is axe-clean in both themes @phone', async ({
  page,
  request,
}) => {
  const r = await withRound(page, request);
  await open(page, `/admin/matches?date=${r.day}`);
  await expect(page.getByRole('rowheader', { name: `${r.home} v ${r.away}` })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${r.home} v ${r.away}` }).click();
  await expect(page.getByRole('group', { name: `Delete ${r.home} v ${r.away}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Add a match' }).click();
  await expect(page.getByRole('form', { name: 'Add a match' })).toBeVisible();
  await checkBothThemes(page);
});

test('/matches with a round is axe-clean in both themes @phone', async ({ page, request }) => {
  const r = await withRound(page, request);
  await open(page, `/matches?date=${r.day}`);
  await expect(page.getByRole('listitem').filter({ hasText: r.home })).toBeVisible();
  await checkBothThemes(page);
});

test('/admin/tags with the editor open on a team is axe-clean in both themes @phone', async ({ page, request }) => {
  const r = await withRound(page, request);
  await open(page, '/admin/tags');
  await page.getByRole('button', { name: `Edit ${r.home}` }).click();
  await expect(page.getByRole('form', { name: `Edit ${r.home}` })).toBeVisible();
  await checkBothThemes(page);
});
