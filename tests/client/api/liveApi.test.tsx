// How an update reaches a live page: placed at once for a reader at the top, held behind "N new updates" for one
// scrolled into the entries (the tab title counting them), edits in place, one pin, and a `reset` reloading the page's
// entries from the server.
import { http, HttpResponse } from 'msw';
import type { EntriesAnswer, LiveEntry } from '../../../src/contract/live';
import {
  arrive,
  dropEntry,
  liveApi,
  placeEntry,
  titleWithCount,
  waitingText,
  reloadEntries,
} from '../../../src/client/api/liveApi';
import { API, server } from '../helpers/mswServer';
import { testStore } from '../helpers/renderWithProviders';

const entry = (id: number, body = `Update ${id}`, extra: Partial<LiveEntry> = {}): LiveEntry => ({
  id,
  body,
  key: false,
  pinned: false,
  createdAt: `2026-11-26T15:0${id % 10}:00.000Z`,
  updatedAt: `2026-11-26T15:0${id % 10}:00.000Z`,
  author: { name: 'Sam Writer' },
  ...extra,
});
const answer = (entries: LiveEntry[], pinned: LiveEntry | null = null): EntriesAnswer => ({
  entries,
  pinned,
  hasOlder: false,
  live: { state: 'live', startedAt: '2026-11-26T15:00:00.000Z', endedAt: null, match: null },
  lastEventId: 4,
});

test('a new entry waits until the page shows it, and later ones join it', () => {
  const shown = new Set([1, 2]);
  const first = arrive(shown, [], entry(3));
  expect(first).toEqual({ place: [], waiting: [entry(3)] });
  const second = arrive(shown, first.waiting, entry(4));
  expect(second.waiting.map((item) => item.id)).toEqual([3, 4]);
  // An edit of a held entry replaces it there: still two waiting, never one twice.
  expect(arrive(shown, second.waiting, entry(3, 'Edited')).waiting.map((item) => item.body)).toEqual([
    'Update 4',
    'Edited',
  ]);
});

test('an edit of a shown entry is placed at once wherever the reader is', () => {
  expect(arrive(new Set([1, 2]), [entry(3)], entry(1, 'Fixed typo'))).toEqual({
    place: [entry(1, 'Fixed typo')],
    waiting: [entry(3)],
  });
});

test('the button says "1 new update" or "{N} new updates", and the title counts them', () => {
  expect(waitingText(1)).toBe('1 new update');
  expect(waitingText(2)).toBe('2 new updates');
  expect(waitingText(12)).toBe('12 new updates');
  expect(titleWithCount('Derby day · Touchline', 2)).toBe('(2) Derby day · Touchline');
  expect(titleWithCount('(2) Derby day · Touchline', 3)).toBe('(3) Derby day · Touchline');
  expect(titleWithCount('(3) Derby day · Touchline', 0)).toBe('Derby day · Touchline');
});

test('entries stay newest first, an edit keeps its place, pinning one unpins the other, a delete drops its pin', () => {
  const page = answer([entry(4), entry(2)], entry(2, 'Update 2', { pinned: true }));
  placeEntry(page, entry(3));
  expect(page.entries.map((item) => item.id)).toEqual([4, 3, 2]);
  placeEntry(page, entry(5));
  placeEntry(page, entry(2, 'Corrected'));
  expect(page.entries.map((item) => item.body)).toEqual(['Update 5', 'Update 4', 'Update 3', 'Corrected']);
  expect(page.pinned).toBeNull();

  placeEntry(page, entry(4, 'Update 4', { pinned: true }));
  placeEntry(page, entry(3, 'Update 3', { pinned: true }));
  expect(page.pinned?.id).toBe(3);
  expect(page.entries.filter((item) => item.pinned).map((item) => item.id)).toEqual([3]);
  dropEntry(page, 3);
  expect(page.pinned).toBeNull();
  expect(page.entries.map((item) => item.id)).toEqual([5, 4, 2]);
});

test('a reset reads the newest entries again and replaces what the page held', async () => {
  const store = testStore();
  store.dispatch(
    liveApi.util.upsertQueryEntries([
      { endpointName: 'getEntries', arg: { id: '7', before: null }, value: answer([entry(2), entry(1)]) },
    ]),
  );
  // Meanwhile entry 2 was deleted and 3 and 4 written: the server's page is the truth.
  server.use(
    http.get(`${API}/blogs/7/entries`, ({ request }) =>
      new URL(request.url).search
        ? HttpResponse.json({ error: 'unexpected' }, { status: 400 })
        : HttpResponse.json(answer([entry(4), entry(3), entry(1)])),
    ),
  );
  await reloadEntries(store.dispatch, '7');
  const held = liveApi.endpoints.getEntries.select({ id: '7', before: null })(store.getState()).data;
  expect(held?.entries.map((item) => item.id)).toEqual([4, 3, 1]);
});
