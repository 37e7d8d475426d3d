// /admin/matches: a day's matches with their kickoffs in the site's zone, day navigation, Delete asked in the row,
// "Cover live" (a live post made, linked and opened, or the linked one opened), the match form's kickoff converted
// from the site's wall clock (winter and summer), the server's refusals beside the fields, and the CSV import's report.
import '../preloadPages';
import '../../../../../src/client/features/admin/matches/MatchesAdminPage';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Match } from '../../../../../src/contract/matches';
import type { TagInfo } from '../../../../../src/contract/tags';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import { MATCHES_FORBIDDEN_TEXT } from '../../../../../src/client/features/admin/matches/MatchesAdminPage';

const ZONE = 'Europe/London';
const team = (name: string) => ({ name, slug: name.toLowerCase(), shortName: null, crest: null });
const match = (id: number, extra: Partial<Match> = {}): Match => ({
  id,
  competition: { name: 'Premier League', slug: 'premier-league' },
  home: team('Arsenal'),
  away: team('Chelsea'),
  kickoff: '2026-11-28T15:00:00.000Z',
  venue: 'Emirates Stadium',
  status: 'scheduled',
  homeScore: null,
  awayScore: null,
  postId: null,
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...extra,
});
const TAGS: Record<string, TagInfo[]> = {
  competition: [{ name: 'Premier League', slug: 'premier-league', kind: 'competition' }],
  team: [
    { name: 'Arsenal', slug: 'arsenal', kind: 'team' },
    { name: 'Chelsea', slug: 'chelsea', kind: 'team' },
  ],
};

/** The matches API of one day's list (every ?date= answers it), recording the days asked for. */
function serveDay(matches: () => Match[], days: string[] = []) {
  server.use(
    http.get(`${API}/matches`, ({ request }) => {
      const date = new URL(request.url).searchParams.get('date');
      if (date) days.push(date);
      return HttpResponse.json({ matches: date ? matches() : [], nextCursor: null, timeZone: ZONE });
    }),
    http.get(`${API}/tags`, ({ request }) => HttpResponse.json(TAGS[new URL(request.url).searchParams.get('kind')!])),
  );
  return days;
}

test("a day's matches: kickoff in the site's zone, competition, status and score, actions named by match", async () => {
  serveDay(() => [
    match(1),
    match(2, {
      home: team('Spurs'),
      away: team('Fulham'),
      kickoff: '2026-11-28T17:30:00.000Z',
      status: 'finished',
      homeScore: 2,
      awayScore: 1,
    }),
  ]);
  renderApp('/admin/matches?date=2026-11-28');
  const table = await screen.findByRole('table', { name: 'Matches of the day' });
  expect(within(table).getByRole('columnheader', { name: 'Kickoff (Europe/London)' })).toBeInTheDocument();
  const row = within(table).getByRole('rowheader', { name: 'Spurs v Fulham' }).closest('tr')!;
  expect(within(row).getByText('17:30')).toBeInTheDocument();
  expect(within(row).getByText('Premier League')).toBeInTheDocument();
  expect(within(row).getByText('Finished')).toBeInTheDocument();
  expect(within(row).getByText('2–1')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit Arsenal v Chelsea' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cover live Arsenal v Chelsea' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete Spurs v Fulham' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Saturday 28 November 2026' })).toBeInTheDocument();
  const days = screen.getByRole('navigation', { name: 'Days' });
  expect(within(days).getByRole('link', { name: 'Previous day' })).toHaveAttribute(
    'href',
    '/admin/matches?date=2026-11-27',
  );
  expect(within(days).getByRole('link', { name: 'Next day' })).toHaveAttribute(
    'href',
    '/admin/matches?date=2026-11-29',
  );
  expect(within(days).getByRole('link', { name: 'Today' })).toHaveAttribute('href', '/admin/matches');
  const nav = screen.getByRole('navigation', { name: 'Admin' });
  expect(within(nav).getByRole('link', { name: 'Matches' })).toHaveAttribute('aria-current', 'page');
});

test("without ?date= the list is today's in the site's zone, and an empty day says so", async () => {
  const days = serveDay(() => []);
  renderApp('/admin/matches');
  expect(await screen.findByText('No matches on this day.')).toBeInTheDocument();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  expect(days).toEqual([today]);
  expect(screen.getByRole('heading', { name: /^Today, / })).toBeInTheDocument();
});

test('a list that cannot be read says why', async () => {
  server.use(
    http.get(`${API}/matches`, ({ request }) =>
      new URL(request.url).searchParams.get('date')
        ? HttpResponse.json({ error: 'Database unavailable' }, { status: 503 })
        : HttpResponse.json({ matches: [], nextCursor: null, timeZone: ZONE }),
    ),
  );
  renderApp('/admin/matches?date=2026-11-28');
  expect(await screen.findByRole('alert')).toHaveTextContent('The matches could not be loaded: Database unavailable.');
});

test('Delete asks in the row first, then deletes the match', async () => {
  let matches = [match(1), match(2, { home: team('Spurs'), away: team('Fulham') })];
  const deleted: string[] = [];
  serveDay(() => matches);
  server.use(
    http.delete(`${API}/matches/:id`, ({ params }) => {
      deleted.push(String(params.id));
      matches = matches.filter((m) => String(m.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderApp('/admin/matches?date=2026-11-28');
  await user.click(await screen.findByRole('button', { name: 'Delete Spurs v Fulham' }));
  expect(deleted).toEqual([]);
  const question = screen.getByRole('group', { name: 'Delete Spurs v Fulham?' });
  expect(within(question).getByRole('button', { name: 'Delete match' })).toHaveFocus();
  await user.click(within(question).getByRole('button', { name: 'Delete match' }));
  expect(await screen.findByText('Deleted Spurs v Fulham.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Spurs v Fulham' })).not.toBeInTheDocument());
  expect(deleted).toEqual(['2']);
});

test('Cover live makes the live post titled by the teams, links it to the match and opens its desk', async () => {
  const posted: unknown[] = [];
  const linked: unknown[] = [];
  serveDay(() => [match(7)]);
  server.use(
    http.post(`${API}/blogs`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ id: 42 }, { status: 201 });
    }),
    http.put(`${API}/matches/:id`, async ({ params, request }) => {
      linked.push({ id: params.id, body: await request.json() });
      return HttpResponse.json(match(7, { postId: 42 }));
    }),
  );
  const { user, router } = renderApp('/admin/matches?date=2026-11-28');
  await user.click(await screen.findByRole('button', { name: 'Cover live Arsenal v Chelsea' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/live/42'));
  expect(posted).toEqual([
    {
      header: { title: 'Arsenal v Chelsea', tags: ['Premier League', 'Arsenal', 'Chelsea'] },
      status: 'published',
      newsletter: false,
    },
  ]);
  expect(linked).toEqual([{ id: '7', body: { postId: 42 } }]);
});

test("a covered match's Cover live opens its desk, and a refused cover says why in the page", async () => {
  serveDay(() => [match(7, { postId: 9 }), match(8, { home: team('Spurs'), away: team('Fulham') })]);
  server.use(http.post(`${API}/blogs`, () => HttpResponse.json({ error: 'Forbidden' }, { status: 403 })));
  const { user } = renderApp('/admin/matches?date=2026-11-28');
  expect(await screen.findByRole('link', { name: 'Cover live Arsenal v Chelsea' })).toHaveAttribute(
    'href',
    '/admin/live/9',
  );
  await user.click(screen.getByRole('button', { name: 'Cover live Spurs v Fulham' }));
  expect(await screen.findByText('Spurs v Fulham could not be covered: Forbidden.')).toHaveFocus();
});

/** Fills the match form: a kickoff at `time` on `day` in the site's zone. */
async function fillMatch(user: ReturnType<typeof renderApp>['user'], day: string, time: string) {
  const form = screen.getByRole('form', { name: 'Add a match' });
  await waitFor(() => expect(within(form).getByLabelText('Competition')).toHaveTextContent('Premier League'));
  await user.selectOptions(within(form).getByLabelText('Competition'), 'premier-league');
  await waitFor(() => expect(within(form).getByLabelText('Home team')).toHaveTextContent('Arsenal'));
  await user.selectOptions(within(form).getByLabelText('Home team'), 'arsenal');
  await user.selectOptions(within(form).getByLabelText('Away team'), 'chelsea');
  fireEvent.change(within(form).getByLabelText('Kickoff day'), { target: { value: day } });
  fireEvent.change(within(form).getByLabelText('Kickoff time (Europe/London)'), { target: { value: time } });
  await user.type(within(form).getByLabelText('Venue'), 'Emirates Stadium');
  return form;
}

test.each([
  ['winter (GMT)', '2026-01-10', '2026-01-10T15:00:00.000Z'],
  ['summer (BST)', '2026-07-11', '2026-07-11T14:00:00.000Z'],
])('a kickoff of 15:00 in Europe/London in %s is sent as that instant', async (_season, day, instant) => {
  const sent: unknown[] = [];
  serveDay(() => []);
  server.use(
    http.post(`${API}/matches`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(match(3, { kickoff: body.kickoff as string }), { status: 201 });
    }),
  );
  const { user } = renderApp('/admin/matches?date=2026-11-28');
  await user.click(await screen.findByRole('button', { name: 'Add a match' }));
  const form = await fillMatch(user, day, '15:00');
  expect(within(form).getByText("In the site's time zone, Europe/London.")).toBeInTheDocument();
  await user.click(within(form).getByRole('button', { name: 'Add match' }));
  const added = await screen.findByText('Added Arsenal v Chelsea.');
  await waitFor(() => expect(added).toHaveFocus());
  expect(sent).toEqual([
    {
      competition: 'premier-league',
      home: 'arsenal',
      away: 'chelsea',
      kickoff: instant,
      venue: 'Emirates Stadium',
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
    },
  ]);
});

test("the server's refusals show beside the fields they name, and a conflict as the form's alert", async () => {
  serveDay(() => [match(5)]);
  let answer = 400;
  const sent: unknown[] = [];
  server.use(
    http.put(`${API}/matches/:id`, async ({ request }) => {
      sent.push(await request.json());
      return answer === 400
        ? HttpResponse.json(
            {
              error: 'Invalid request body',
              details: [
                { path: 'away', message: 'A team cannot play itself' },
                { path: 'kickoff', message: 'must be a time with its offset' },
              ],
            },
            { status: 400 },
          )
        : HttpResponse.json({ error: 'Its status and score come from the live desk' }, { status: 409 });
    }),
  );
  const { user } = renderApp('/admin/matches?date=2026-11-28');
  await user.click(await screen.findByRole('button', { name: 'Edit Arsenal v Chelsea' }));
  const form = screen.getByRole('form', { name: 'Edit Arsenal v Chelsea' });
  await waitFor(() => expect(within(form).getByLabelText('Away team')).toHaveValue('chelsea'));
  expect(within(form).getByLabelText('Kickoff day')).toHaveValue('2026-11-28');
  expect(within(form).getByLabelText('Kickoff time (Europe/London)')).toHaveValue('15:00');
  await user.selectOptions(within(form).getByLabelText('Away team'), 'arsenal');
  await user.click(within(form).getByRole('button', { name: 'Save match' }));
  expect(await within(form).findByText('A team cannot play itself')).toBeInTheDocument();
  expect(within(form).getByLabelText('Away team')).toHaveAccessibleDescription('A team cannot play itself');
  expect(within(form).getByLabelText('Kickoff day')).toHaveAccessibleDescription(
    "In the site's time zone, Europe/London. must be a time with its offset",
  );
  // Only what changed is sent: a covered match refuses a status or score it did not get from its desk.
  expect(sent).toEqual([{ away: 'arsenal' }]);
  answer = 409;
  await user.selectOptions(within(form).getByLabelText('Away team'), 'chelsea');
  await user.selectOptions(within(form).getByLabelText('Status'), 'finished');
  await user.type(within(form).getByLabelText('Home score'), '2');
  await user.type(within(form).getByLabelText('Away score'), '0');
  await user.click(within(form).getByRole('button', { name: 'Save match' }));
  expect(await within(form).findByText('Its status and score come from the live desk.')).toHaveAttribute(
    'role',
    'alert',
  );
  expect(sent[1]).toEqual({ status: 'finished', homeScore: 2, awayScore: 0 });
});

test('a CSV import reports the matches created, or every bad row by line with nothing imported', async () => {
  serveDay(() => []);
  const sent: string[] = [];
  let bad = false;
  server.use(
    http.post(`${API}/matches/import`, async ({ request }) => {
      sent.push(`${request.headers.get('content-type')}|${await request.text()}`);
      return bad
        ? HttpResponse.json(
            {
              error: 'Invalid CSV: nothing was imported',
              details: [
                { path: 'line 3', message: 'kickoff: must be a time with its offset' },
                { path: 'line 4', message: 'A team cannot play itself' },
              ],
            },
            { status: 400 },
          )
        : HttpResponse.json({ created: 2, tagsCreated: [{ name: 'Spurs', slug: 'spurs' }] }, { status: 201 });
    }),
  );
  const { user } = renderApp('/admin/matches?date=2026-11-28');
  const csv =
    'competition,home,away,kickoff,venue\nPremier League,Arsenal,Chelsea,2026-11-28 15:00,\nPremier League,Spurs,Fulham,2026-11-28 17:30,\n';
  await user.upload(await screen.findByLabelText('CSV file'), new File([csv], 'round.csv', { type: 'text/csv' }));
  await waitFor(() => expect(screen.getByLabelText('Fixtures')).toHaveValue(csv));
  await user.click(screen.getByRole('button', { name: 'Import fixtures' }));
  expect(await screen.findByText('Imported 2 matches; new teams and competitions: Spurs.')).toBeInTheDocument();
  expect(sent).toEqual([`text/csv|${csv}`]);

  bad = true;
  await user.click(screen.getByRole('button', { name: 'Import fixtures' }));
  expect(await screen.findByText('Nothing was imported: 2 rows need fixing.')).toBeInTheDocument();
  const rows = within(screen.getByRole('list', { name: 'Rows to fix' })).getAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual([
    'Line 3: kickoff: must be a time with its offset',
    'Line 4: A team cannot play itself',
  ]);
});

test('an author is told that only editors and owners manage matches', async () => {
  server.use(http.get(`${API}/session`, () => HttpResponse.json({ user: { ...OWNER, role: 'author' } })));
  renderApp('/admin/matches');
  expect(await screen.findByText(MATCHES_FORBIDDEN_TEXT)).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Admin' });
  expect(within(nav).queryByRole('link', { name: 'Matches' })).not.toBeInTheDocument();
});
