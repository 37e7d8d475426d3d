import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuthorPageData } from '../../../../src/contract/authors';
import type { BlogSummary } from '../../../../src/contract/types';
import { samplePost } from '../../fixtures/posts';
import { API, server } from '../../helpers/mswServer';
import { renderApp } from '../../helpers/renderWithProviders';

const SLUG = 'priya-patel-7';
const story = (id: number, title: string): BlogSummary => ({ ...samplePost, id, title });
const DATA: AuthorPageData = {
  author: { slug: SLUG, name: 'Priya Patel', title: 'Chief Football Writer', photo: '/images/seed/author-maya.svg' },
  posts: [story(12, 'Derby Day'), story(9, 'Cup Final')],
  nextCursor: null,
};

test('shows the author’s name as its heading, their title, their stories and their feed', async () => {
  server.use(http.get(`${API}/authors/:slug`, () => HttpResponse.json(DATA)));
  renderApp(`/author/${SLUG}`);
  const main = within(await screen.findByRole('main'));
  expect(await main.findByRole('heading', { level: 1, name: 'Priya Patel' })).toBeInTheDocument();
  expect(main.getByText('Chief Football Writer')).toBeInTheDocument();
  expect(main.getByRole('link', { name: 'Derby Day' })).toHaveAttribute('href', '/page/12');
  expect(main.getByRole('link', { name: 'Cup Final' })).toHaveAttribute('href', '/page/9');
  expect(main.getByRole('link', { name: 'RSS feed of Priya Patel’s stories' })).toHaveAttribute(
    'href',
    `/author/${SLUG}/feed.xml`,
  );
});

test('an unknown author is said so, with a way back', async () => {
  server.use(http.get(`${API}/authors/:slug`, () => HttpResponse.json({ error: 'Author not found' }, { status: 404 })));
  renderApp('/author/nobody-99');
  expect(await screen.findByRole('alert')).toHaveTextContent('There is no author at this address.');
  expect(screen.getByRole('link', { name: 'Back to all stories' })).toHaveAttribute('href', '/blog');
});

test('a post written by an account links its byline to the author’s page', async () => {
  server.use(http.get(`${API}/blogs/:id`, () => HttpResponse.json({ ...samplePost, authorSlug: SLUG })));
  renderApp('/page/7');
  expect(await screen.findByRole('link', { name: samplePost.authorName })).toHaveAttribute('href', `/author/${SLUG}`);
});

test('a post with no author account has a plain byline', async () => {
  server.use(http.get(`${API}/blogs/:id`, () => HttpResponse.json(samplePost)));
  renderApp('/page/7');
  expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();
  expect(screen.getByText(samplePost.authorName)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: samplePost.authorName })).toBeNull();
});
