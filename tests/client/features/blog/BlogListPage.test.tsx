import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { BlogSummary } from '../../../../src/contract/types';
import { sampleSummaries, samplePost, toSummary } from '../../fixtures/posts';
import { API, server } from '../../helpers/mswServer';
import { renderApp } from '../../helpers/renderWithProviders';

const main = () => within(screen.getByRole('main'));
const postLinks = () => within(main().getByRole('list')).getAllByRole('link');

test('shows "Loading posts..." while loading, then each post with its byline', async () => {
  server.use(
    http.get(`${API}/blogs`, async () => {
      await delay(50);
      return HttpResponse.json(sampleSummaries);
    }),
  );
  renderApp('/blog');
  expect(await screen.findByText('Loading posts...')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'How the Press Won the Derby' })).toBeInTheDocument();
  expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeInTheDocument();
  expect(screen.getByText('By Maya Okafor on March 14, 2024')).toBeInTheDocument();
  expect(screen.getByText('By Leo Brandt on March 2, 2024')).toBeInTheDocument();
  expect(document.title).toBe('Blog · Touchline');
});

test('each item is a real link to /page/{id}, in the order the API gives (newest first)', async () => {
  renderApp('/blog');
  await screen.findByRole('link', { name: 'How the Press Won the Derby' });
  expect(postLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['How the Press Won the Derby', '/page/7'],
    ['Five Lessons From the Marathon', '/page/6'],
  ]);
});

test('clicking an item opens the post', async () => {
  const { user, router } = renderApp('/blog');
  await user.click(await screen.findByRole('link', { name: 'How the Press Won the Derby' }));
  expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/page/7');
});

test('"Load more" fetches the next page named by the Link header and disappears after the last page', async () => {
  const older: BlogSummary[] = [
    toSummary({
      ...samplePost,
      id: 5,
      title: 'Training in the Rain',
      authorName: 'Ana Ruiz',
      publishDate: 'Feb 1, 2024',
    }),
  ];
  const cursors: (string | null)[] = [];
  server.use(
    http.get(`${API}/blogs`, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      if (cursor === 'c2') return HttpResponse.json(older);
      return HttpResponse.json(sampleSummaries, {
        headers: { Link: '</api/blogs?limit=2&cursor=c2>; rel="next"' },
      });
    }),
  );
  const { user } = renderApp('/blog');
  await screen.findByRole('link', { name: 'How the Press Won the Derby' });
  expect(postLinks()).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  const firstNew = await screen.findByRole('link', { name: 'Training in the Rain' });
  expect(firstNew).toHaveAttribute('href', '/page/5');
  // Keyboard users continue at the first story that was added, not at the top of the page.
  await waitFor(() => expect(firstNew).toHaveFocus());
  expect(screen.getByText('By Ana Ruiz on Feb 1, 2024')).toBeInTheDocument();
  expect(postLinks().map((link) => link.textContent)).toEqual([
    'How the Press Won the Derby',
    'Five Lessons From the Marathon',
    'Training in the Rain',
  ]);
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(cursors).toEqual([null, 'c2']);
});

test('without a Link header there is no "Load more"', async () => {
  renderApp('/blog');
  await screen.findByRole('link', { name: 'How the Press Won the Derby' });
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

test('an empty blog says so', async () => {
  server.use(http.get(`${API}/blogs`, () => HttpResponse.json([])));
  renderApp('/blog');
  expect(await screen.findByText('No stories yet. Check back soon.')).toBeInTheDocument();
  expect(main().queryByRole('list')).not.toBeInTheDocument();
});

test('a failed fetch is logged, leaves the list empty and offers a retry that loads the posts', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  server.use(
    http.get(`${API}/blogs`, () => HttpResponse.json({ error: 'Service unavailable' }, { status: 503 }), {
      once: true,
    }),
  );
  const { user } = renderApp('/blog');
  const retry = await screen.findByRole('button', { name: 'Try again' });
  expect(screen.getByText('The stories could not be loaded right now.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'How the Press Won the Derby' })).not.toBeInTheDocument();
  expect(logged).toHaveBeenCalledWith('Failed to fetch blog posts', expect.objectContaining({ status: 503 }));
  logged.mockRestore();

  await user.click(retry);
  expect(await screen.findByRole('link', { name: 'How the Press Won the Derby' })).toBeInTheDocument();
});

test('hostile text in a post title or author renders as plain text', async () => {
  const hostile = '<img src=x onerror="window.pwned=1">';
  server.use(
    http.get(`${API}/blogs`, () =>
      HttpResponse.json([{ ...sampleSummaries[0], title: hostile, authorName: '<b>Mallory</b>' }]),
    ),
  );
  renderApp('/blog');
  expect(await screen.findByRole('link', { name: hostile })).toBeInTheDocument();
  expect(screen.getByText('By <b>Mallory</b> on March 14, 2024')).toBeInTheDocument();
  expect(document.querySelector('img[src="x"]')).toBeNull();
  expect(document.querySelector('main b')).toBeNull();
});

test('a story without an author or a date reads naturally instead of "By  on"', async () => {
  server.use(
    http.get(`${API}/blogs`, () =>
      HttpResponse.json([
        toSummary({ ...samplePost, id: 7, title: 'No author', authorName: '', publishDate: 'May 2, 2024' }),
        toSummary({ ...samplePost, id: 8, title: 'No date', authorName: 'Ana Ruiz', publishDate: '' }),
        toSummary({ ...samplePost, id: 9, title: 'Neither', authorName: '', publishDate: '' }),
      ]),
    ),
  );
  renderApp('/blog');
  await screen.findByRole('link', { name: 'Neither' });
  expect(screen.getByText('Published May 2, 2024')).toBeInTheDocument();
  expect(screen.getByText('By Ana Ruiz')).toBeInTheDocument();
  expect(screen.queryByText(/^By\s+on/)).not.toBeInTheDocument();
});
