// The reader's live entries where the stream is not to be had (jsdom has no EventSource, as a refused stream leaves a
// browser with none): the page polls ?after= every 10 s; a new entry shows at once for a reader at the top, and waits
// behind "1 new update" (and the title's count) for one scrolled into the entries.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { LIVE_LIMITS } from '../../../../../src/contract/live';
import type { EntriesAnswer, LiveEntry } from '../../../../../src/contract/live';
import { liveApi } from '../../../../../src/client/api/liveApi';
import { LiveCoverage } from '../../../../../src/client/features/post/live/LiveCoverage';
import { API, server } from '../../../helpers/mswServer';
import { testStore } from '../../../helpers/renderWithProviders';

const entry = (id: number): LiveEntry => ({
  id,
  body: `Update ${id}`,
  key: false,
  pinned: false,
  createdAt: `2026-11-26T15:0${id}:00.000Z`,
  updatedAt: `2026-11-26T15:0${id}:00.000Z`,
  author: { name: 'Sam Writer' },
});
const live = { state: 'live' as const, startedAt: '2026-11-26T15:00:00.000Z', endedAt: null, match: null };
const page = (entries: LiveEntry[]): EntriesAnswer => ({
  entries,
  pinned: null,
  hasOlder: false,
  live,
  lastEventId: 2,
});

function renderCoverage() {
  const store = testStore();
  store.dispatch(
    liveApi.util.upsertQueryEntries([
      { endpointName: 'getEntries', arg: { id: '7', before: null }, value: page([entry(2), entry(1)]) },
    ]),
  );
  const asked: string[] = [];
  server.use(
    http.get(`${API}/blogs/7/entries`, ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(page([entry(3)]));
    }),
  );
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/page/7']}>
        <LiveCoverage id="7" live={live} format="plain" />
      </MemoryRouter>
    </Provider>,
  );
  return asked;
}

const shownIds = () => [...document.querySelectorAll('article[id^="entry-"]')].map((article) => article.id);

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  document.title = 'Derby day · Touchline';
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('at the top, the next poll puts the new entry first', async () => {
  const asked = renderCoverage();
  expect(shownIds()).toEqual(['entry-2', 'entry-1']);
  await act(() => jest.advanceTimersByTimeAsync(LIVE_LIMITS.pollMs));
  expect(asked).toEqual(['?after=2']);
  await screen.findByText('Update 3');
  expect(shownIds()).toEqual(['entry-3', 'entry-2', 'entry-1']);
  expect(document.title).toBe('Derby day · Touchline');
});

test('scrolled into the entries, the new entry waits behind "1 new update" and the title counts it', async () => {
  renderCoverage();
  // jsdom lays nothing out: the list's top is where a reader scrolled past it would see it.
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -400, 600, 900));
  await act(() => jest.advanceTimersByTimeAsync(LIVE_LIMITS.pollMs));
  const button = await screen.findByRole('button', { name: '1 new update' });
  expect(button.closest('[aria-live="polite"]')).not.toBeNull();
  expect(shownIds()).toEqual(['entry-2', 'entry-1']);
  expect(document.title).toBe('(1) Derby day · Touchline');
  fireEvent.click(button);
  expect(shownIds()).toEqual(['entry-3', 'entry-2', 'entry-1']);
  expect(screen.queryByRole('button', { name: /new update/ })).not.toBeInTheDocument();
  expect(document.title).toBe('Derby day · Touchline');
});

test('"1 new update" pressed moves focus to the newest entry, named by its time, author and text', async () => {
  renderCoverage();
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -400, 600, 900));
  await act(() => jest.advanceTimersByTimeAsync(LIVE_LIMITS.pollMs));
  fireEvent.click(await screen.findByRole('button', { name: '1 new update' }));
  await act(() => jest.advanceTimersByTimeAsync(50));
  const newest = screen.getByRole('article', { name: /Update 3/ });
  expect(newest).toHaveAttribute('id', 'entry-3');
  expect(newest).toHaveAttribute('tabindex', '-1');
  expect(newest).toHaveFocus();
  expect(newest).toHaveAccessibleName(/15:03 UTC|\d\d:\d\d/);
  expect(newest).toHaveAccessibleName(/Sam Writer Update 3$/);
});

test('an ended post\'s entries come under "How it happened"; a live one\'s under a hidden "Updates"', () => {
  const store = testStore();
  const ended = { ...live, state: 'ended' as const, endedAt: '2026-11-26T17:00:00.000Z' };
  store.dispatch(
    liveApi.util.upsertQueryEntries([
      { endpointName: 'getEntries', arg: { id: '8', before: null }, value: { ...page([entry(1)]), live: ended } },
    ]),
  );
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/page/8']}>
        <LiveCoverage id="8" live={ended} format="plain" />
      </MemoryRouter>
    </Provider>,
  );
  expect(screen.getByRole('region', { name: 'How it happened' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'How it happened' })).toBeVisible();
});
