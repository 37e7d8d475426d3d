// The matchday pages a reader meets (/matches, a team's tag page, a competition's, and the landing page's "Live now"
// with a match set live by hand) are axe-clean in both themes, on a desktop and on a 390×844 phone, where the page
// never scrolls sideways (the table scrolls in its own box); and a live post covering a match shows the teams in its
// score line with a link to the competition's table.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Match } from '../../src/contract/matches';
import { publishPost, richSubmission } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';
import { axeViolations, switchTheme } from './helpers/axe';
import { ADMIN_TOKEN } from './helpers/constants';

const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

type Side = { home: string; away: string };
type Season = { competition: string; team: string; covered: Side & { post: number }; byHand: Side & { id: number } };

/**
 * A competition of six teams with names of this run: a round played yesterday and one today, one of it covered live
 * and one set live by hand (no post).
 */
async function createSeason(request: APIRequestContext): Promise<Season> {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const league = `Axe League ${run}`;
  const teams = ['Hillcrest', 'Rovers', 'Athletic', 'Wanderers', 'United', 'Harbour'].map((name) => `${name} ${run}`);
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const rows = [0, 2, 4].flatMap((at) => [
    `${league},${teams[at]},${teams[at + 1]},${yesterday}T15:00:00Z,${teams[at]} Ground`,
    `${league},${teams[at + 1]},${teams[(at + 2) % 6]},${today}T${12 + at}:00:00Z,`,
  ]);
  const imported = await request.post('/api/matches/import', {
    headers: { ...auth, 'content-type': 'text/csv' },
    data: ['competition,home,away,kickoff,venue', ...rows].join('\n'),
  });
  expect(imported.status()).toBe(201);
  const competition = `axe-league-${run}`;
  const { matches } = (await (await request.get(`/api/matches?competition=${competition}`)).json()) as {
    matches: Match[];
  };
  for (const [at, match] of matches.filter((one) => one.kickoff.startsWith(yesterday)).entries()) {
    const put = await request.put(`/api/matches/${match.id}`, {
      headers: auth,
      data: { status: 'finished', homeScore: at, awayScore: 1 },
    });
    expect(put.status()).toBe(200);
  }
  const first = matches.find((one) => one.kickoff.startsWith(today))!;
  const post = await publishPost(request, richSubmission(`${first.home.name} v ${first.away.name} live`));
  expect((await request.put(`/api/matches/${first.id}`, { headers: auth, data: { postId: post.id } })).status()).toBe(
    200,
  );
  const line = { home: 'Home', away: 'Away', homeScore: '1', awayScore: '0', clock: "12'" };
  const started = await request.put(`/api/blogs/${post.id}/live`, {
    headers: auth,
    data: { state: 'live', match: line },
  });
  expect(started.status()).toBe(200);
  const second = matches.filter((one) => one.kickoff.startsWith(today))[1]!;
  const byHand = await request.put(`/api/matches/${second.id}`, {
    headers: auth,
    data: { status: 'live', homeScore: 2, awayScore: 1 },
  });
  expect(byHand.status()).toBe(200);
  return {
    competition,
    team: first.home.slug,
    covered: { post: post.id, home: first.home.name, away: first.away.name },
    byHand: { id: second.id, home: second.home.name, away: second.away.name },
  };
}

let season: Season;
test.beforeAll(async ({ request }) => {
  season = await createSeason(request);
});

/** Waits for the page to settle: no loading text, webfonts done, no colour transition in flight. */
async function settled(page: Page) {
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

const pages = () => [
  { name: 'the landing page', path: '/', heading: 'Sports stories from the touchline' },
  { name: '/matches', path: '/matches', heading: 'Today' },
  { name: 'a team page', path: `/tag/${season.team}`, heading: season.covered.home },
  { name: 'a competition page', path: `/tag/${season.competition}`, heading: /^Axe League/ },
];

async function checkBothThemes(page: Page, width: number) {
  for (const { name, path, heading } of pages()) {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await watchAppStart(page);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await appStarted(page);
    await settled(page);
    expect(await axeViolations(page), `${name}: axe in the dark theme`).toEqual([]);
    // A phone widens its layout viewport to fit wide content, so compare with the screen's width.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} scrolls sideways`,
    ).toBeLessThanOrEqual(width);
    await switchTheme(page, 'light');
    await settled(page);
    expect(await axeViolations(page), `${name}: axe in the light theme`).toEqual([]);
  }
}

test('the matchday pages have no WCAG A/AA violations on a desktop, in either theme', async ({ page }) => {
  await checkBothThemes(page, 1280);
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the matchday pages have no WCAG A/AA violations and never scroll sideways; the table scrolls in its box', async ({
    page,
  }) => {
    await checkBothThemes(page, 390);
    await page.goto(`/tag/${season.competition}`);
    const box = page.getByRole('region', { name: /^Axe League .* table$/ });
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  });
});

test('a live post covering a match names its teams in the score line and links the competition table', async ({
  page,
}) => {
  await watchAppStart(page);
  await page.goto(`/page/${season.covered.post}`);
  await appStarted(page);
  await expect(page.getByText(`${season.covered.home} 1–0 ${season.covered.away}`)).toBeVisible();
  await page.getByRole('link', { name: /^Axe League .* table$/ }).click();
  await expect(page).toHaveURL(`/tag/${season.competition}`);
  await expect(page.getByRole('region', { name: /^Axe League .* table$/ })).toBeVisible();
});

test('"Live now" on the landing page follows the score of a match set live by hand, without a reload', async ({
  page,
  request,
}) => {
  const { id, home, away } = season.byHand;
  await watchAppStart(page);
  await page.goto('/');
  await appStarted(page);
  const liveNow = page.getByRole('region', { name: 'Live now' });
  await expect(liveNow.getByText(`${home} 2–1 ${away}`)).toBeVisible();
  const put = await request.put(`/api/matches/${id}`, { headers: auth, data: { homeScore: 3, awayScore: 1 } });
  expect(put.status()).toBe(200);
  await expect(liveNow.getByText(`${home} 3–1 ${away}`)).toBeVisible({ timeout: 5_000 });
  const back = await request.put(`/api/matches/${id}`, { headers: auth, data: { homeScore: 2, awayScore: 1 } });
  expect(back.status()).toBe(200);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('"Live now" on the landing page shows the covered match and the one set live by hand, with scores', async ({
    page,
  }) => {
    await page.goto('/');
    const liveNow = page.getByRole('region', { name: 'Live now' });
    await expect(liveNow.getByText(`${season.covered.home} 1–0 ${season.covered.away}`)).toBeVisible();
    await expect(liveNow.getByRole('link', { name: /^Axe League .* table$/ }).first()).toBeVisible();
    const { home, away } = season.byHand;
    await expect(liveNow.getByText(`${home} 2–1 ${away}`)).toBeVisible();
    await expect(liveNow.getByRole('link', { name: `${home} v ${away}` })).toHaveAttribute(
      'href',
      `/tag/${season.competition}`,
    );
  });
});
