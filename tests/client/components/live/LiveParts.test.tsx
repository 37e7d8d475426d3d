// An entry's time on a reader's page: the server writes UTC, hydration keeps it (no mismatch), and the reader's own
// local time replaces it once the page's clock worker has answered (it makes the browser's date formatting ready off
// the main thread), or at once where no worker can run. A page the browser renders itself shows local time at once.
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { LiveEntry } from '../../../../src/contract/live';
import { EntryView, LocalTimesAfterHydration } from '../../../../src/client/components/live/LiveParts';

const entry: LiveEntry = {
  id: 4,
  body: 'Kick-off at the Den',
  key: false,
  pinned: false,
  createdAt: '2026-11-26T15:03:00.000Z',
  updatedAt: '2026-11-26T15:03:00.000Z',
  author: { name: 'Sam Writer' },
};
const LOCAL = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(
  new Date(entry.createdAt),
);

const page = () => (
  <LocalTimesAfterHydration>
    <EntryView entry={entry} format="plain" />
  </LocalTimesAfterHydration>
);

/** A stand-in for the browser's Worker: records each one started, answered by the test. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWorker.started.push(this);
  }
}

/** The server's markup in the document, hydrated as the browser does. */
function hydrateServerMarkup() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.append(container);
  render(page(), { container, hydrate: true });
}

const time = () => screen.getByRole('article').querySelector('time');

let errors: jest.SpyInstance;
beforeEach(() => {
  FakeWorker.started = [];
  errors = jest.spyOn(console, 'error');
});
afterEach(() => {
  Reflect.deleteProperty(window, 'Worker');
  jest.restoreAllMocks();
});

test('hydrated, the time stays as the server wrote it (UTC) until the clock worker answers, then turns local', async () => {
  Object.assign(window, { Worker: FakeWorker });
  hydrateServerMarkup();
  expect(time()).toHaveTextContent('15:03 UTC');
  expect(time()).toHaveAttribute('datetime', entry.createdAt);
  expect(FakeWorker.started.map((worker) => worker.url)).toEqual(['/clock-worker.js']);
  await act(async () => undefined);
  expect(time()).toHaveTextContent('15:03 UTC');

  await act(async () => FakeWorker.started[0]!.onmessage?.());
  expect(time()).toHaveTextContent(LOCAL);
  expect(errors).not.toHaveBeenCalled();
});

test('a clock worker that fails to load still lets the time turn local', async () => {
  Object.assign(window, { Worker: FakeWorker });
  hydrateServerMarkup();
  await act(async () => FakeWorker.started[0]!.onerror?.());
  expect(time()).toHaveTextContent(LOCAL);
});

test('where no worker can be started, the time turns local right after hydration', async () => {
  // jsdom has no Worker, like a browser that refuses one.
  hydrateServerMarkup();
  await act(async () => undefined);
  expect(time()).toHaveTextContent(LOCAL);
  expect(errors).not.toHaveBeenCalled();
});

test('rendered by the browser (a page opened by a link, the desk), the time is local at once and no worker starts', () => {
  Object.assign(window, { Worker: FakeWorker });
  render(page());
  expect(time()).toHaveTextContent(LOCAL);
  render(<EntryView entry={entry} format="plain" />);
  expect(screen.getAllByRole('article')[1]!.querySelector('time')).toHaveTextContent(LOCAL);
  expect(FakeWorker.started).toEqual([]);
});
