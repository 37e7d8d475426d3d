import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { MemberMe } from '../../../../src/contract/members';
import { API, server } from '../../helpers/mswServer';
import { renderApp } from '../../helpers/renderWithProviders';

const ME: MemberMe = {
  email: 'fan@example.com',
  name: 'Fan',
  status: 'active',
  all: false,
  tags: ['football'],
  subscribed: true,
  replyMail: true,
};

/** Every request the members API got, as "METHOD path?query". */
function recordMemberRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/members')) seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return seen;
}
afterEach(() => server.events.removeAllListeners());

test('opening a confirmation link changes nothing; its button posts the token, and the reader lands on /account', async () => {
  const seen = recordMemberRequests();
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/members/confirm`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(ME);
    }),
    http.get(`${API}/members/me`, () => HttpResponse.json(ME)),
    http.get(`${API}/tags`, () => HttpResponse.json([{ slug: 'football', name: 'Football', count: 2 }])),
  );
  const { user, router, container } = renderApp('/members/confirm?token=abc');
  const button = await screen.findByRole('button', { name: 'Confirm subscription' });
  // Without JavaScript the button is the form's post of the token.
  const form = container.querySelector('main form')!;
  expect(form).toHaveAttribute('action', '/api/members/confirm');
  expect(form).toHaveAttribute('method', 'post');
  expect(container.querySelector('input[name="token"]')).toHaveValue('abc');
  expect(seen).toEqual([]);

  await user.click(button);
  await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  expect(bodies).toEqual([{ token: 'abc' }]);
  expect(await screen.findByText('You follow: Football.')).toBeInTheDocument();
});

test('a used sign-in link says so in words', async () => {
  server.use(
    http.post(`${API}/members/signin/complete`, () =>
      HttpResponse.json({ error: 'This link has already been used: ask for a new one' }, { status: 400 }),
    ),
  );
  const { user } = renderApp('/members/signin?token=abc');
  await user.click(await screen.findByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used');
});

test('a refused link posted without JavaScript comes back with its reason', async () => {
  renderApp('/members/confirm?error=expired');
  expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired: ask for a new one.');
  expect(screen.queryByRole('button', { name: 'Confirm subscription' })).not.toBeInTheDocument();
});

test('the unsubscribe button makes the one-click POST a mail client makes', async () => {
  const seen = recordMemberRequests();
  const bodies: string[] = [];
  server.use(
    http.post(`${API}/members/unsubscribe`, async ({ request }) => {
      bodies.push(`${request.headers.get('content-type')} ${await request.text()}`);
      return HttpResponse.json({ ok: true });
    }),
  );
  const { user } = renderApp('/members/unsubscribe?token=t%2F1');
  const button = await screen.findByRole('button', { name: 'Unsubscribe' });
  expect(seen).toEqual([]);
  await user.click(button);
  expect(await screen.findByRole('status')).toHaveTextContent('You are unsubscribed');
  expect(seen).toEqual(['POST /api/members/unsubscribe?token=t%2F1']);
  expect(bodies).toEqual(['application/x-www-form-urlencoded List-Unsubscribe=One-Click']);
});

test('/account without a member session is the form that emails a sign-in link', async () => {
  const bodies: unknown[] = [];
  server.use(
    http.get(`${API}/members/me`, () => HttpResponse.json({ error: 'Sign in first' }, { status: 401 })),
    http.post(`${API}/members/signin`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ ok: true }, { status: 202 });
    }),
  );
  const { user } = renderApp('/account');
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'fan@example.com');
  await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
  expect(await screen.findByText(/Check your inbox/)).toBeInTheDocument();
  expect(bodies).toEqual([{ email: 'fan@example.com' }]);
});

test('/account changes what a member follows and the reply mail, unsubscribes from all, and deletes their data once asked again', async () => {
  let me = ME;
  const writes: string[] = [];
  server.use(
    http.get(`${API}/members/me`, () => HttpResponse.json(me)),
    http.get(`${API}/tags`, () =>
      HttpResponse.json([
        { slug: 'football', name: 'Football', count: 2 },
        { slug: 'tennis', name: 'Tennis', count: 1 },
      ]),
    ),
    http.put(`${API}/members/me`, async ({ request }) => {
      const change = (await request.json()) as Partial<MemberMe>;
      writes.push(`PUT ${JSON.stringify(change)}`);
      me = { ...me, ...change, ...(change.subscribed === false ? { status: 'unsubscribed' } : {}) };
      return HttpResponse.json(me);
    }),
    http.delete(`${API}/members/me`, () => {
      writes.push('DELETE');
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderApp('/account');
  expect(await screen.findByText('You follow: Football.')).toBeInTheDocument();
  const sports = screen.getByRole('list', { name: 'Sports' });
  expect(within(sports).getByRole('checkbox', { name: 'Football' })).toBeChecked();
  await user.click(within(sports).getByRole('checkbox', { name: 'Tennis' }));
  const replyMail = screen.getByRole('checkbox', { name: 'Email me when someone replies to my comment' });
  expect(replyMail).toBeChecked();
  await user.click(replyMail);
  await user.click(screen.getByRole('button', { name: 'Save preferences' }));
  expect(await screen.findByText('You follow: Football, Tennis.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Unsubscribe from all' }));
  expect(await screen.findByText('You are unsubscribed: we send you no stories.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Delete my data' }));
  const question = screen.getByRole('group', { name: 'Delete my data?' });
  expect(writes).not.toContain('DELETE');
  await user.click(within(question).getByRole('button', { name: 'Delete everything' }));
  expect(await screen.findByText(/Your data is deleted/)).toBeInTheDocument();
  expect(writes).toEqual([
    'PUT {"name":"Fan","all":false,"tags":["football","tennis"],"replyMail":false}',
    'PUT {"subscribed":false}',
    'DELETE',
  ]);
});

test('the footer has a Sign in link for members, and the top bar keeps its links', async () => {
  renderApp('/sample');
  const members = await screen.findByRole('navigation', { name: 'Members' });
  expect(within(members).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account');
  const main = screen.getByRole('navigation', { name: 'Main' });
  expect(
    within(main)
      .getAllByRole('link')
      .map((link) => link.textContent || link.getAttribute('aria-label')),
  ).toEqual(['Home', 'Blog', 'Matches', 'Search', 'Admin']);
});

test('the one-click POST made without JavaScript comes back to say it is done', async () => {
  renderApp('/members/unsubscribe?done=1');
  expect(await screen.findByText('You are unsubscribed: we will send you no more stories.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
});
