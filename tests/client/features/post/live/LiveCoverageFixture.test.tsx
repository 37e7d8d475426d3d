// A live post covering a match keeps its crests and table link when the stream's coverage event (which carries no
// fixture) brings a new score.
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { EntriesAnswer, LiveCoverage } from '../../../../../src/contract/live';
import { coverageChanged, liveApi } from '../../../../../src/client/api/liveApi';
import { LiveCoverage as Coverage } from '../../../../../src/client/features/post/live/LiveCoverage';
import { API, server } from '../../../helpers/mswServer';
import { testStore } from '../../../helpers/renderWithProviders';

const line = (homeScore: string) => ({ home: 'Arsenal', away: 'Chelsea', homeScore, awayScore: '0', clock: '' });
const live: LiveCoverage = {
  state: 'live',
  startedAt: '2026-11-28T15:00:00.000Z',
  endedAt: null,
  match: line('0'),
  fixture: {
    competition: { slug: 'premier-league', name: 'Premier League' },
    home: { slug: 'arsenal', name: 'Arsenal', shortName: null, crest: '/uploads/arsenal.png' },
    away: { slug: 'chelsea', name: 'Chelsea', shortName: null, crest: '/uploads/chelsea.png' },
  },
};

test('a new score from the stream keeps the crests and the table link', async () => {
  const store = testStore();
  const answer: EntriesAnswer = { entries: [], pinned: null, hasOlder: false, live, lastEventId: 0 };
  store.dispatch(
    liveApi.util.upsertQueryEntries([{ endpointName: 'getEntries', arg: { id: '7', before: null }, value: answer }]),
  );
  server.use(http.get(`${API}/blogs/7/entries`, () => HttpResponse.json(answer)));
  const { container } = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/page/7']}>
        <Coverage id="7" live={live} format="plain" />
      </MemoryRouter>
    </Provider>,
  );
  expect(screen.getByText('Arsenal 0–0 Chelsea')).toBeInTheDocument();

  const { fixture: _dropped, ...streamed } = live;
  act(() => coverageChanged(store.dispatch, '7', { ...streamed, match: line('1') }));
  expect(await screen.findByText('Arsenal 1–0 Chelsea')).toBeInTheDocument();
  expect(container.querySelectorAll('img')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'Premier League table' })).toHaveAttribute('href', '/tag/premier-league');
});
