import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import type { Match } from '../../../../src/contract/matches';
import type { LiveNowAnswer } from '../../../../src/contract/live';
import { API, server } from '../../helpers/mswServer';
import { renderApp } from '../../helpers/renderWithProviders';

const team = (name: string) => ({ name, slug: name.toLowerCase(), shortName: null, crest: null });
const match = (id: number, competition: string, home: string, away: string, extra: Partial<Match> = {}): Match => ({
  id,
  competition: { name: competition, slug: competition.toLowerCase().replace(/ /g, '-') },
  home: team(home),
  away: team(away),
  kickoff: '2026-11-28T15:00:00.000Z',
  venue: null,
  status: 'scheduled',
  homeScore: null,
  awayScore: null,
  postId: null,
  updatedAt: '2026-11-28T09:00:00.000Z',
  ...extra,
});

test("a day's matches by competition, each with both teams and the score or v, and links to the days around it", async () => {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/matches`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('date') ?? '');
      return HttpResponse.json({
        matches: [
          match(1, 'Premier League', 'Arsenal', 'Chelsea', { status: 'finished', homeScore: 2, awayScore: 1 }),
          match(2, 'La Liga', 'Betis', 'Sevilla', { kickoff: '2026-11-28T20:00:00.000Z', postId: 9 }),
          match(3, 'Premier League', 'Everton', 'Fulham', { status: 'postponed' }),
        ],
        nextCursor: null,
      });
    }),
  );
  renderApp('/matches?date=2026-11-28');
  expect(await screen.findByRole('heading', { level: 1, name: 'Saturday 28 November 2026' })).toBeInTheDocument();
  const league = await screen.findByRole('region', { name: 'Premier League' });
  expect(asked).toEqual(['2026-11-28']);
  const rows = within(league).getAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual([
    expect.stringMatching(/FTArsenal2–1Chelsea$/),
    expect.stringMatching(/PostponedEvertonvFulham$/),
  ]);
  const liga = screen.getByRole('region', { name: 'La Liga' });
  expect(within(liga).getByRole('link', { name: /^Read ?: Betis v Sevilla$/ })).toHaveAttribute('href', '/page/9');
  expect(screen.getByRole('link', { name: 'Previous day' })).toHaveAttribute('href', '/matches?date=2026-11-27');
  expect(screen.getByRole('link', { name: 'Next day' })).toHaveAttribute('href', '/matches?date=2026-11-29');
  expect(screen.getByRole('link', { name: 'Today' })).toHaveAttribute('href', '/matches');
});

test('a covered match shows "Live" and the desk\'s score without a reload', async () => {
  let live: LiveNowAnswer = { posts: [], matches: [] };
  server.use(
    http.get(`${API}/matches`, () =>
      HttpResponse.json({
        matches: [match(1, 'Premier League', 'Arsenal', 'Chelsea', { postId: 7 })],
        nextCursor: null,
      }),
    ),
    http.get(`${API}/live`, () => HttpResponse.json(live)),
  );
  renderApp('/matches?date=2026-11-28');
  const row = within(await screen.findByRole('region', { name: 'Premier League' })).getByRole('listitem');
  expect(row).toHaveTextContent(/ArsenalvChelsea/);
  live = {
    posts: [
      {
        id: 7,
        title: 'Arsenal v Chelsea live',
        live: {
          state: 'live',
          startedAt: '2026-11-28T15:00:00.000Z',
          endedAt: null,
          match: { home: 'Arsenal', away: 'Chelsea', homeScore: '1', awayScore: '0', clock: "12'" },
        },
      },
    ],
    matches: [],
  };
  expect(await within(row).findByText('Live', {}, { timeout: 4_000 })).toBeInTheDocument();
  expect(row).toHaveTextContent(/Arsenal1–0Chelsea/);
  expect(within(row).getByRole('link', { name: /Follow live/ })).toHaveAttribute('href', '/page/7');
});

test('a match set live by hand shows "Live" and its score without a reload, and its result once it is over', async () => {
  let day: Match = match(1, 'Premier League', 'Arsenal', 'Chelsea');
  let live: LiveNowAnswer = { posts: [], matches: [] };
  server.use(
    http.get(`${API}/matches`, () => HttpResponse.json({ matches: [day], nextCursor: null })),
    http.get(`${API}/live`, () => HttpResponse.json(live)),
  );
  renderApp('/matches?date=2026-11-28');
  const league = await screen.findByRole('region', { name: 'Premier League' });
  expect(within(league).getByRole('listitem')).toHaveTextContent(/ArsenalvChelsea/);
  const { updatedAt: _updatedAt, venue: _venue, status: _status, ...fixture } = day;
  live = { posts: [], matches: [{ ...fixture, homeScore: 1, awayScore: 0 }] };
  expect(await within(league).findByText('Live', {}, { timeout: 4_000 })).toBeInTheDocument();
  expect(within(league).getByRole('listitem')).toHaveTextContent(/Arsenal1–0Chelsea/);
  day = { ...day, status: 'finished', homeScore: 2, awayScore: 1 };
  live = { posts: [], matches: [] };
  expect(await within(league).findByText('FT', {}, { timeout: 4_000 })).toBeInTheDocument();
  expect(within(league).getByRole('listitem')).toHaveTextContent(/Arsenal2–1Chelsea/);
  expect(within(league).queryByText('Live')).not.toBeInTheDocument();
});

test('no match on the day says so, and a failed read says to try again', async () => {
  server.use(http.get(`${API}/matches`, () => HttpResponse.json({ matches: [], nextCursor: null })));
  renderApp('/matches');
  expect(await screen.findByText('No matches on this day.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
});
