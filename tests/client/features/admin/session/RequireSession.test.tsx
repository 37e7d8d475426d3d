import '../preloadPages';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import { SIGNED_IN_HINT } from '../../../../../src/client/app/authSlice';
import { SESSION_FAILED_TEXT } from '../../../../../src/client/features/admin/session/RequireSession';

test('a reload of an admin page with a session asks the server who is signed in and shows the page', async () => {
  const { store } = renderApp('/admin/posts');
  expect(await screen.findByRole('heading', { level: 1, name: 'Posts' })).toBeInTheDocument();
  expect(store.getState().auth.user).toEqual(OWNER);
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

test('an admin page without a session goes to the sign-in card with next, and signing in lands there', async () => {
  server.use(
    http.get(`${API}/session`, () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })),
    http.post(`${API}/session`, () => HttpResponse.json({ user: OWNER })),
  );
  const { router, user } = renderApp('/admin/staff');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/auth');
  expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/staff')}`);
  expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();

  server.use(http.get(`${API}/users`, () => HttpResponse.json([OWNER])));
  await user.type(screen.getByLabelText('Email'), OWNER.email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin/staff');
});

test('when the session cannot be checked the page says so and offers to try again', async () => {
  server.use(http.get(`${API}/session`, () => HttpResponse.error(), { once: true }));
  const { user } = renderApp('/admin');
  expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_FAILED_TEXT);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeInTheDocument();
});

test('Sign out in the top bar ends the session on the server, then the admin pages need a sign-in again', async () => {
  let deleted = 0;
  server.use(
    http.delete(`${API}/session`, () => {
      deleted += 1;
      server.use(http.get(`${API}/session`, () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user, router, store } = renderApp('/admin');
  await screen.findByRole('heading', { level: 1, name: 'Create New Blog Post' });
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { level: 1, name: /sports/i })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
  expect(deleted).toBe(1);
  expect(store.getState().auth.user).toBeNull();
  expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();

  await user.click((await screen.findAllByRole('link', { name: 'Admin' }))[0]);
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin')}`);
});

test("a visitor's page asks nothing about a session unless this browser signed in before", async () => {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/session`, ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json({ user: OWNER });
    }),
  );
  const first = renderApp('/sample');
  await screen.findAllByRole('heading', { level: 1 });
  expect(asked).toHaveLength(0);
  expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  first.unmount();

  localStorage.setItem(SIGNED_IN_HINT, '1');
  renderApp('/sample');
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(asked).toHaveLength(1);
});
