// /matches through the real app and the SSR entry's source on both databases: a day's matches by competition in the
// markup a reader without JavaScript gets, today by the site's clock, a bad day a 404, each match a SportsEvent in the
// head, and a new match showing at once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import type { TagInfo } from '../../../src/contract/tags';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { textOf } from '../helpers/html';
import { PUBLIC_URL, TOKEN, useTestApp } from '../helpers/testApp';

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;

const clientDir = mkdtempSync(join(tmpdir(), 'touchline-matches-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

beforeEach(async () => {
  await t.testDb.db.kysely.deleteFrom('matches').execute();
});
const t = useTestApp({ clientDir, renderPage: render, now: Date.parse('2026-11-28T09:00:00.000Z'), sharedApp: true });

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

async function tag(slug: string, name: string, kind: TagInfo['kind']) {
  await t.db.kysely.insertInto('tags').values({ slug, name, kind }).execute();
}

async function match(fields: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/matches',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: { competition: 'premier-league', ...fields },
  });
  expect(res.statusCode).toBe(201);
}

/** The head's JSON-LD graph. */
function graphOf(html: string): Record<string, unknown>[] {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json!) as { '@graph': Record<string, unknown>[] })['@graph'];
}

beforeEach(async () => {
  await tag('premier-league', 'Premier League', 'competition');
  await tag('la-liga', 'La Liga', 'competition');
  for (const [slug, name] of [
    ['arsenal', 'Arsenal'],
    ['chelsea', 'Chelsea'],
    ['everton', 'Everton'],
    ['fulham', 'Fulham'],
    ['betis', 'Betis'],
    ['sevilla', 'Sevilla'],
  ] as const)
    await tag(slug, name, 'team');
  await match({ home: 'arsenal', away: 'chelsea', kickoff: '2026-11-28T15:00:00Z', venue: 'Emirates Stadium' });
  await match({
    home: 'everton',
    away: 'fulham',
    kickoff: '2026-11-28T12:30:00Z',
    status: 'finished',
    homeScore: 2,
    awayScore: 1,
  });
  await match({ competition: 'la-liga', home: 'betis', away: 'sevilla', kickoff: '2026-11-28T20:00:00Z' });
  // The next day's, which neither page lists.
  await match({ home: 'chelsea', away: 'everton', kickoff: '2026-11-29T15:00:00Z', status: 'postponed' });
});

it("renders today's matches by competition, in kickoff order, with the score or v, readable without JavaScript", async () => {
  const res = await page('/matches');
  expect(res.statusCode).toBe(200);
  const text = textOf(res.body);
  expect(text).toContain('Today');
  expect(text).toMatch(
    /Premier League 12:30 FT Everton 2–1 Fulham 15:00 Arsenal v Chelsea La Liga 20:00 Betis v Sevilla/,
  );
  expect(text).not.toContain('Postponed');
  expect(res.body).toContain('href="/matches?date=2026-11-27"');
  expect(res.body).toContain('href="/matches?date=2026-11-29"');
});

it('renders the day ?date= names, and answers a day that does not exist with the not-found page', async () => {
  const next = await page('/matches?date=2026-11-29');
  expect(next.statusCode).toBe(200);
  expect(textOf(next.body)).toMatch(/Sunday 29 November 2026 .* Postponed Chelsea v Everton/);
  expect(textOf(next.body)).not.toContain('Arsenal');
  for (const bad of ['2026-02-30', '28-11-2026', 'today']) {
    expect((await page(`/matches?date=${bad}`)).statusCode).toBe(404);
  }
});

it('puts each match in the head as a SportsEvent with its teams, kickoff, status, venue and url', async () => {
  const res = await page('/matches?date=2026-11-29');
  expect(res.body).toContain('<title>Matches · Touchline</title>');
  const events = graphOf(res.body).filter((node) => node['@type'] === 'SportsEvent');
  expect(events).toEqual([
    expect.objectContaining({
      name: 'Chelsea v Everton',
      startDate: '2026-11-29T15:00:00.000Z',
      eventStatus: 'https://schema.org/EventPostponed',
      homeTeam: expect.objectContaining({ '@type': 'SportsTeam', name: 'Chelsea', url: `${PUBLIC_URL}/tag/chelsea` }),
      awayTeam: expect.objectContaining({ '@type': 'SportsTeam', name: 'Everton' }),
      url: `${PUBLIC_URL}/matches?date=2026-11-29`,
    }),
  ]);
  const today = graphOf((await page('/matches')).body).filter((node) => node['@type'] === 'SportsEvent');
  expect(today.map((event) => event.eventStatus)).toEqual([
    'https://schema.org/EventScheduled',
    'https://schema.org/EventScheduled',
    'https://schema.org/EventScheduled',
  ]);
  expect(today[1]).toMatchObject({ location: { '@type': 'Place', name: 'Emirates Stadium' } });
});

it('shows a match added after the page was rendered at once', async () => {
  expect(textOf((await page('/matches')).body)).not.toContain('Fulham v Arsenal');
  await match({ home: 'fulham', away: 'arsenal', kickoff: '2026-11-28T17:30:00Z' });
  expect(textOf((await page('/matches')).body)).toContain('17:30 Fulham v Arsenal');
});

describe('a tag page', () => {
  const story = (tags: string[]) =>
    createPost(t.db, blogSubmissionSchema.parse(validSubmission({ title: 'Derby', tags })));

  it("of a competition shows its full table, the round's fixtures and results, and its fixtures calendar", async () => {
    await story(['Premier League']);
    const res = await page('/tag/premier-league');
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('Premier League table Pos Team P W D L GF GA GD Pts Form');
    // Everton beat Fulham 2–1; the teams yet to play sit between them on goal difference, then by name.
    expect(text).toMatch(
      /1 Everton 1 1 0 0 2 1 \+1 3 W 2 Arsenal 0 0 0 0 0 0 0 0 3 Chelsea 0 0 0 0 0 0 0 0 4 Fulham 1 0 0 1 1 2 −1 0 L/,
    );
    expect(text).toMatch(/Fixtures and results .*Everton 2–1 Fulham .*Arsenal v Chelsea/);
    expect(res.body).toContain('href="/tag/premier-league/fixtures.ics"');
  });

  it('of a team shows its next fixture, its last results and its table row', async () => {
    await story(['Everton']);
    // The postponed match is not the next fixture; this one is.
    await match({ home: 'everton', away: 'arsenal', kickoff: '2026-12-05T15:00:00Z' });
    const text = textOf((await page('/tag/everton')).body);
    expect(text).toMatch(/Next fixture 5 Dec, 15:00 UTC Everton v Arsenal/);
    expect(text).toMatch(/Last results 28 Nov, 12:30 UTC Everton 2–1 Fulham/);
    expect(text).toMatch(/Premier League Pos Team .* 1 Everton 1 1 0 0 2 1 \+1 3 W/);
  });

  it('of a team or competition with matches but no story is a page, headed by its name', async () => {
    for (const [slug, name] of [
      ['premier-league', 'Premier League'],
      ['fulham', 'Fulham'],
    ]) {
      const res = await page(`/tag/${slug}`);
      expect(res.statusCode).toBe(200);
      expect(textOf(res.body)).toContain('Fixtures calendar');
      expect(res.body).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
    }
  });

  it('of a topic with no story, of a team with neither story nor match, or of no tag is a 404', async () => {
    await tag('transfers', 'Transfers', 'topic');
    await tag('wrexham', 'Wrexham', 'team');
    await tag('fa-cup', 'FA Cup', 'competition');
    for (const slug of ['transfers', 'wrexham', 'fa-cup', 'no-such-tag'])
      expect((await page(`/tag/${slug}`)).statusCode).toBe(404);
    // A page past the last story is not a page either.
    expect((await page('/tag/fulham?cursor=1')).statusCode).toBe(404);
  });

  it('of a topic shows no matchday part', async () => {
    await story(['Transfers']);
    const res = await page('/tag/transfers');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Fixtures calendar');
  });
});
