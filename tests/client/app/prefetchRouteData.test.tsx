// A first load of /page/:id or /blog asks the API at once, and the page then uses that same request.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { prefetchRouteData } from '../../../src/client/app/prefetchRouteData';
import { makeStore } from '../../../src/client/app/store';
import { samplePost, sampleSummaries } from '../fixtures/posts';
import { API, server } from '../helpers/mswServer';
import { renderApp } from '../helpers/renderWithProviders';

function countRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => seen.push(new URL(request.url).pathname));
  return seen;
}
afterEach(() => server.events.removeAllListeners());

test('a post URL starts fetching that post before the page renders, and the page reuses the answer', async () => {
  const seen = countRequests();
  const store = makeStore();
  prefetchRouteData(`/page/${samplePost.id}`, store.dispatch);
  expect(seen).toEqual([`/api/blogs/${samplePost.id}`]);

  renderApp(`/page/${samplePost.id}`, { store });
  expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();
  expect(seen).toEqual([`/api/blogs/${samplePost.id}`]);
});

test('the blog list URL starts fetching the first page of stories', async () => {
  const seen = countRequests();
  server.use(http.get(`${API}/blogs`, () => HttpResponse.json(sampleSummaries)));
  const store = makeStore();
  prefetchRouteData('/blog', store.dispatch);
  renderApp('/blog', { store });
  expect(await screen.findByText(sampleSummaries[0].title)).toBeInTheDocument();
  expect(seen).toEqual(['/api/blogs']);
});

test('other routes fetch nothing up front', () => {
  const seen = countRequests();
  const store = makeStore();
  for (const path of ['/', '/sample', '/auth', '/admin', '/page', '/nowhere']) prefetchRouteData(path, store.dispatch);
  expect(seen).toEqual([]);
});
