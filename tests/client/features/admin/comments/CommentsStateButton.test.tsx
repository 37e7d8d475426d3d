// "Close comments" / "Open comments" on a post's edit page: the state as the server reads it, the switch, and a post
// whose days until closing have passed staying closed. Only editors and owners see it.
import '../preloadPages';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import { adminApi } from '../adminFixtures';
import { STILL_CLOSED_TEXT } from '../../../../../src/client/features/admin/comments/CommentsStateButton';

/** The switch's server: the state as stored, and what a PUT makes of it (`days`: closed by the days after publishing). */
function commentsState(open: boolean, { days = false }: { days?: boolean } = {}) {
  let state = open;
  const sent: unknown[] = [];
  server.use(
    http.get(`${API}/blogs/:id/comments/state`, () => HttpResponse.json({ open: state })),
    http.put(`${API}/blogs/:id/comments/state`, async ({ request, params }) => {
      const body = (await request.json()) as { open: boolean };
      sent.push({ id: params.id, ...body });
      state = body.open && !days;
      return HttpResponse.json({ open: state });
    }),
  );
  return sent;
}

test('an editor closes comments on the post, then opens them again', async () => {
  adminApi();
  const sent = commentsState(true);
  const { user } = renderApp('/admin/edit/7');
  expect(await screen.findByText('Members may comment on this post.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Close comments' }));
  expect(await screen.findByText('Comments are closed.')).toBeInTheDocument();
  expect(await screen.findByText('Comments on this post are closed.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Open comments' }));
  expect(await screen.findByText('Comments are open.')).toBeInTheDocument();
  expect(sent).toEqual([
    { id: '7', open: false },
    { id: '7', open: true },
  ]);
});

test('opening a post whose days until closing have passed says comments stay closed', async () => {
  adminApi();
  commentsState(false, { days: true });
  const { user } = renderApp('/admin/edit/7');
  await user.click(await screen.findByRole('button', { name: 'Open comments' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(STILL_CLOSED_TEXT);
  expect(screen.getByRole('button', { name: 'Open comments' })).toBeInTheDocument();
});

test('a refused switch says why', async () => {
  adminApi();
  commentsState(true);
  server.use(
    http.put(`${API}/blogs/:id/comments/state`, () => HttpResponse.json({ error: 'Blog not found' }, { status: 404 })),
  );
  const { user } = renderApp('/admin/edit/7');
  await user.click(await screen.findByRole('button', { name: 'Close comments' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Blog not found.');
});

test('an author sees no switch', async () => {
  adminApi();
  server.use(http.get(`${API}/session`, () => HttpResponse.json({ user: { ...OWNER, role: 'author' } })));
  renderApp('/admin/edit/7');
  const form = await screen.findByRole('form', { name: 'Edit Blog Post' });
  expect(within(form).queryByRole('button', { name: /comments/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Close comments' })).not.toBeInTheDocument();
});
