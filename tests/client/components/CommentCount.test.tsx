// The story lists' "N comments": from the list answer's commentCount, nothing when a story has none.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { samplePost, toSummary } from '../fixtures/posts';
import { API, server } from '../helpers/mswServer';
import { renderApp } from '../helpers/renderWithProviders';

const stories = [
  { ...toSummary({ ...samplePost, id: 3, title: 'Talked about' }), commentCount: 12 },
  { ...toSummary({ ...samplePost, id: 2, title: 'One reply' }), commentCount: 1 },
  toSummary({ ...samplePost, id: 1, title: 'Quiet one' }),
];
const itemOf = (title: string) => screen.getByRole('link', { name: title }).closest('li')!;

beforeEach(() => {
  server.use(http.get(`${API}/blogs`, () => HttpResponse.json(stories)));
});

test('/blog shows each story’s count, and nothing for a story without comments', async () => {
  renderApp('/blog');
  await screen.findByRole('link', { name: 'Talked about' });
  expect(within(itemOf('Talked about')).getByText('12 comments')).toBeInTheDocument();
  expect(within(itemOf('One reply')).getByText('1 comment')).toBeInTheDocument();
  expect(within(itemOf('Quiet one')).queryByText(/comment/)).not.toBeInTheDocument();
});

test('the landing page’s latest stories show the count too', async () => {
  server.use(http.get(`${API}/live`, () => HttpResponse.json({ posts: [] })));
  renderApp('/');
  const latest = await screen.findByRole('region', { name: 'Latest stories' });
  await within(latest).findByRole('link', { name: 'Talked about' });
  expect(within(latest).getByText('12 comments')).toBeInTheDocument();
  expect(within(itemOf('Quiet one')).queryByText(/comment/)).not.toBeInTheDocument();
});
