import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { BlogSummary } from '../../../../src/contract/types';
import { sampleSummaries } from '../../fixtures/posts';
import { API, server } from '../../helpers/mswServer';
import { renderApp } from '../../helpers/renderWithProviders';

test('the landing page has a hero title, a tagline and the three feature blurbs', async () => {
  renderApp('/');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Sports stories from the touchline' }),
  ).toBeInTheDocument();
  expect(screen.getByText(/Match analysis, training know-how/)).toBeInTheDocument();
  for (const blurb of ['Expert Analysis', 'Community Driven', 'Latest Updates']) {
    expect(screen.getByRole('heading', { level: 3, name: blurb })).toBeInTheDocument();
  }
  expect(document.title).toBe('Touchline');
});

test('the hero button opens the blog list', async () => {
  const { user, router } = renderApp('/');
  const button = await screen.findByRole('link', { name: 'Read the blog' });
  expect(button).toHaveAttribute('href', '/blog');
  await user.click(button);
  expect(await screen.findByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/blog');
});

test('"Live now" above the hero with each live post\'s score line, and "Latest stories" (6 at most) with the full list', async () => {
  const story = (id: number, extra: Partial<BlogSummary> = {}): BlogSummary => ({
    ...sampleSummaries[0],
    id,
    title: `Story ${id}`,
    ...extra,
  });
  const live: BlogSummary['live'] = {
    state: 'live',
    startedAt: '2026-11-26T15:00:00.000Z',
    endedAt: null,
    match: { home: 'Arsenal', away: 'Chelsea', homeScore: '2', awayScore: '1', clock: "87'" },
  };
  server.use(
    http.get(`${API}/blogs`, () =>
      HttpResponse.json([story(9, { title: 'Derby day', live }), ...[8, 7, 6, 5, 4, 3, 2].map((id) => story(id))]),
    ),
    http.get(`${API}/live`, () => HttpResponse.json({ posts: [{ id: 9, title: 'Derby day', live }] })),
  );
  renderApp('/');
  const liveNow = await screen.findByRole('region', { name: 'Live now' });
  const hero = screen.getByRole('heading', { level: 1 });
  expect(liveNow.compareDocumentPosition(hero) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(within(liveNow).getByRole('link', { name: 'Derby day' })).toHaveAttribute('href', '/page/9');
  expect(within(liveNow).getByText('Arsenal 2–1 Chelsea')).toBeInTheDocument();
  expect(within(liveNow).getByText('Live')).toBeInTheDocument();
  const latest = screen.getByRole('region', { name: 'Latest stories' });
  expect(within(latest).getAllByRole('listitem')).toHaveLength(6);
  expect(within(latest).getByRole('link', { name: 'All stories' })).toHaveAttribute('href', '/blog');
});

test('with no post live there is no "Live now"', async () => {
  renderApp('/');
  expect(await screen.findByRole('region', { name: 'Latest stories' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Live now' })).not.toBeInTheDocument();
});

test('"Live now" follows the live answer without a reload: a new score, a post that starts, one that ends', async () => {
  const coverage = (homeScore: string) => ({
    state: 'live' as const,
    startedAt: '2026-11-26T15:00:00.000Z',
    endedAt: null,
    match: { home: 'Arsenal', away: 'Chelsea', homeScore, awayScore: '0', clock: "12'" },
  });
  let answer = { posts: [{ id: 9, title: 'Derby day', live: coverage('0') }] };
  server.use(http.get(`${API}/live`, () => HttpResponse.json(answer)));
  renderApp('/');
  const liveNow = await screen.findByRole('region', { name: 'Live now' });
  expect(within(liveNow).getByText('Arsenal 0–0 Chelsea')).toBeInTheDocument();

  answer = {
    posts: [
      { id: 9, title: 'Derby day', live: coverage('1') },
      { id: 3, title: 'Cup tie', live: coverage('0') },
    ],
  };
  expect(await within(liveNow).findByText('Arsenal 1–0 Chelsea', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(within(liveNow).getByRole('link', { name: 'Cup tie' })).toHaveAttribute('href', '/page/3');

  answer = { posts: [] };
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Live now' })).not.toBeInTheDocument(), {
    timeout: 3000,
  });
});

test('"Live now" shows a covered match as its teams with crests and the score, following the live answer', async () => {
  const coverage = (homeScore: string) => ({
    state: 'live' as const,
    startedAt: '2026-11-26T15:00:00.000Z',
    endedAt: null,
    match: { home: 'ARS', away: 'CHE', homeScore, awayScore: '0', clock: "12'" },
    fixture: {
      competition: { slug: 'premier-league', name: 'Premier League' },
      home: { slug: 'arsenal', name: 'Arsenal', shortName: 'ARS', crest: '/uploads/arsenal.png' },
      away: { slug: 'chelsea', name: 'Chelsea', shortName: 'CHE', crest: '/uploads/chelsea.png' },
    },
  });
  let answer = { posts: [{ id: 9, title: 'Derby day', live: coverage('0') }] };
  server.use(http.get(`${API}/live`, () => HttpResponse.json(answer)));
  renderApp('/');
  const liveNow = await screen.findByRole('region', { name: 'Live now' });
  expect(within(liveNow).getByText('Arsenal 0–0 Chelsea')).toBeInTheDocument();
  expect([...liveNow.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
    '/uploads/arsenal.png',
    '/uploads/chelsea.png',
  ]);
  expect(within(liveNow).getByRole('link', { name: 'Premier League table' })).toHaveAttribute(
    'href',
    '/tag/premier-league',
  );

  answer = { posts: [{ id: 9, title: 'Derby day', live: coverage('1') }] };
  expect(await within(liveNow).findByText('Arsenal 1–0 Chelsea', {}, { timeout: 3000 })).toBeInTheDocument();
});

test('"Live now" shows a match set live by hand, with no post live, as its teams with crests and its score, following the live answer', async () => {
  const match = (homeScore: number | null, postId: number | null = null) => ({
    id: 4,
    competition: { slug: 'premier-league', name: 'Premier League' },
    home: { slug: 'arsenal', name: 'Arsenal', shortName: 'ARS', crest: '/uploads/arsenal.png' },
    away: { slug: 'chelsea', name: 'Chelsea', shortName: null, crest: null },
    kickoff: '2026-11-28T15:00:00.000Z',
    homeScore,
    awayScore: homeScore === null ? null : 0,
    postId,
  });
  let answer = { posts: [], matches: [match(null)] };
  server.use(http.get(`${API}/live`, () => HttpResponse.json(answer)));
  renderApp('/');
  const liveNow = await screen.findByRole('region', { name: 'Live now' });
  // No score yet: the teams and "v"; no post: the link is the competition's page.
  expect(within(liveNow).getByText('Arsenal v Chelsea', { selector: 'span' })).toBeInTheDocument();
  expect(within(liveNow).getByRole('link', { name: 'Arsenal v Chelsea' })).toHaveAttribute(
    'href',
    '/tag/premier-league',
  );
  expect(within(liveNow).getByText('Live')).toBeInTheDocument();
  expect([...liveNow.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/uploads/arsenal.png']);
  expect(within(liveNow).getByRole('link', { name: 'Premier League table' })).toHaveAttribute(
    'href',
    '/tag/premier-league',
  );

  answer = { posts: [], matches: [match(2, 12)] };
  expect(await within(liveNow).findByText('Arsenal 2–0 Chelsea', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(within(liveNow).getByRole('link', { name: 'Arsenal v Chelsea' })).toHaveAttribute('href', '/page/12');

  answer = { posts: [], matches: [] };
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Live now' })).not.toBeInTheDocument(), {
    timeout: 3000,
  });
});
