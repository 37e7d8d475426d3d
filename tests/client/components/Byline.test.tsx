// A story list's byline: the author's name links their page when an account wrote the story, and reads as plain
// text otherwise; a story missing its name or date never reads "By  on".
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Byline } from '../../../src/client/components/Byline';

const shown = (post: Parameters<typeof Byline>[0]['post']) =>
  render(
    <MemoryRouter>
      <Byline post={post} />
    </MemoryRouter>,
  );

test('links the author’s page from the byline when the story has an author page', () => {
  const { container } = shown({
    authorName: 'Priya Patel',
    authorSlug: 'priya-patel-7',
    publishDate: 'March 14, 2024',
  });
  expect(container).toHaveTextContent('By Priya Patel on March 14, 2024');
  expect(screen.getByRole('link', { name: 'Priya Patel' })).toHaveAttribute('href', '/author/priya-patel-7');
});

test.each<[{ authorName: string; authorSlug?: string; publishDate: string }, string]>([
  [{ authorName: 'Sam Rivera', publishDate: 'June 3, 2024' }, 'By Sam Rivera on June 3, 2024'],
  [{ authorName: 'Sam Rivera', authorSlug: 'sam-rivera-2', publishDate: '' }, 'By Sam Rivera'],
  [{ authorName: '', authorSlug: 'sam-rivera-2', publishDate: 'June 3, 2024' }, 'Published June 3, 2024'],
])('reads %j as "%s"', (post, text) => {
  const { container } = shown(post);
  expect(container).toHaveTextContent(text);
  expect(screen.queryAllByRole('link')).toHaveLength(post.authorName && post.authorSlug ? 1 : 0);
});

test('shows nothing for a story with neither name nor date', () => {
  const { container } = shown({ authorName: '', publishDate: '' });
  expect(container).toBeEmptyDOMElement();
});
