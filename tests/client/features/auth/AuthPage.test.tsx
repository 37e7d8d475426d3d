import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import {
  ASK_AN_OWNER,
  AuthPage,
  INVITATION_INVALID,
  INVITATION_NEEDED,
  RESET_LINK_SENT,
  tryAgainText,
} from '../../../../src/client/features/auth/AuthPage';
import { NAME_NEEDED, NAME_STEP_TITLE } from '../../../../src/client/features/auth/NameStep';
import { SIGNED_IN_HINT } from '../../../../src/client/app/authSlice';
import { renderApp, renderWithProviders } from '../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../helpers/mswServer';

const SIGN_UP_TOGGLE = "Don't have an account? Sign up";
const SIGN_IN_TOGGLE = 'Already have an account? Sign in';
const PASSWORD = 'correct horse battery';

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

/** POST /api/session as the server answers it: the owner's password signs in, anything else is a 401. */
function sessionApi() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/session`, async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string };
      sent.push(body);
      await delay(20);
      return body.password === PASSWORD
        ? HttpResponse.json({ user: OWNER })
        : HttpResponse.json({ error: 'Incorrect password' }, { status: 401 });
    }),
  );
  return sent;
}

test('the card has a required email field of type email and a required password field', () => {
  renderWithProviders(<AuthPage />, { route: '/auth' });
  expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  expect(email()).toHaveAttribute('type', 'email');
  expect(email()).toBeRequired();
  expect(password()).toHaveAttribute('type', 'password');
  expect(password()).toBeRequired();
  expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
});

test('the toggle switches between sign-in and sign-up', async () => {
  const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.click(screen.getByRole('button', { name: SIGN_UP_TOGGLE }));
  expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: SIGN_IN_TOGGLE }));
  expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: SIGN_UP_TOGGLE })).toBeInTheDocument();
});

test('a wrong password shows "Incorrect password" after "Processing..." and keeps the visitor signed out', async () => {
  const sent = sessionApi();
  const { user, store } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.type(email(), 'coach@example.com');
  await user.type(password(), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Incorrect password$/);
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(sent).toEqual([{ email: 'coach@example.com', password: 'wrong' }]);
  expect(store.getState().auth.user).toBeNull();
});

test('any other failure (a 429 without Retry-After, a 500, no answer) shows "An error occurred"', async () => {
  const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.type(email(), 'coach@example.com');
  await user.type(password(), 'whatever');
  for (const answer of [
    () => HttpResponse.json({ error: 'Too many attempts' }, { status: 429 }),
    () => HttpResponse.json({ error: 'boom' }, { status: 500 }),
    () => HttpResponse.error(),
  ]) {
    server.use(http.post(`${API}/session`, answer, { once: true }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
    await user.type(password(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }
});

test('too many attempts keeps "An error occurred" and says under it when to try again, from Retry-After', async () => {
  const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.type(email(), 'owner@example.com');
  // The right password, refused for the attempts before it: never called incorrect.
  await user.type(password(), PASSWORD);
  for (const [seconds, said] of [
    ['720', 'Too many attempts: try again in 12 minutes.'],
    ['61', 'Too many attempts: try again in 2 minutes.'],
    ['60', 'Too many attempts: try again in 1 minute.'],
    ['45', 'Too many attempts: try again in 45 seconds.'],
    ['1', 'Too many attempts: try again in 1 second.'],
  ] as const) {
    server.use(
      http.post(
        `${API}/session`,
        () =>
          HttpResponse.json(
            { error: 'Too many failed sign-in attempts. Try again later.' },
            { status: 429, headers: { 'Retry-After': seconds } },
          ),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`An error occurred ${said}`);
    expect(screen.getByText(said)).toBeInTheDocument();
    expect(alert).not.toHaveTextContent('Incorrect password');
    await user.type(password(), 'x');
    await user.keyboard('{Backspace}');
  }
  expect(tryAgainText(3600)).toBe('Too many attempts: try again in 60 minutes.');
});

test('a reset link asks for a new password only, sends the code with it and opens the editor', async () => {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/password-resets`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ user: OWNER });
    }),
  );
  const { user, router, store } = renderApp('/auth?reset=the-code');
  expect(await screen.findByRole('heading', { level: 1, name: 'Set a New Password' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  const field = screen.getByLabelText('New password');
  expect(field).toHaveAttribute('autocomplete', 'new-password');
  await user.type(field, 'a brand new password');
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
  await screen.findByRole('button', { name: 'Sign out' });
  expect(sent).toEqual([{ code: 'the-code', password: 'a brand new password' }]);
  expect(router.state.location.pathname + router.state.location.search).toBe('/admin');
  expect(store.getState().auth.user).toEqual(OWNER);
});

test('a reset link the server refuses says why, in its words', async () => {
  server.use(
    http.post(`${API}/password-resets`, () =>
      HttpResponse.json(
        { error: 'This password reset link has already been used: ask for a new one' },
        { status: 403 },
      ),
    ),
  );
  const { user } = renderWithProviders(<AuthPage />, { route: '/auth?reset=used-code' });
  await user.type(screen.getByLabelText('New password'), 'a brand new password');
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    /^This password reset link has already been used: ask for a new one$/,
  );
});

test('typing in either field clears the error', async () => {
  sessionApi();
  const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.type(email(), 'a@b.co');
  await user.type(password(), 'nope');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Incorrect password');
  await user.type(password(), 'x');
  expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Incorrect password');
  await user.type(email(), 'm');
  expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();
});

test('switching mode clears the error', async () => {
  sessionApi();
  const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.type(email(), 'a@b.co');
  await user.type(password(), 'nope');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Incorrect password');
  await user.click(screen.getByRole('button', { name: SIGN_UP_TOGGLE }));
  expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();
});

test('empty required fields are stopped by the browser check: no error, no request', async () => {
  const sent = sessionApi();
  const { user, store } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(screen.queryByRole('button', { name: 'Processing...' })).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(sent).toHaveLength(0);
  expect(store.getState().auth.user).toBeNull();
});

test('the right password signs in, keeps the user (never the password) in the store and opens the editor', async () => {
  sessionApi();
  const { user, store, router } = renderApp('/auth');
  await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
  await user.type(password(), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin');
  expect(store.getState().auth.user).toEqual(OWNER);
  expect(JSON.stringify(store.getState())).not.toContain(PASSWORD);
  expect(localStorage.getItem(SIGNED_IN_HINT)).toBe('1');
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

test.each([
  ['/admin/posts?cursor=3', '/admin/posts?cursor=3'],
  ['//evil.example/admin', '/admin'],
  ['/\\evil.example', '/admin'],
  ['https://evil.example/', '/admin'],
  ['/\t/evil.example', '/admin'],
])('after signing in, next=%s lands on %s', async (next, landing) => {
  sessionApi();
  const { user, router } = renderApp(`/auth?next=${encodeURIComponent(next)}`);
  await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
  await user.type(password(), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(landing));
});

test('sign-up without an invitation says an invitation is needed and creates nothing', async () => {
  // The shared msw server fails the test on any unhandled request, so a server call would not go unnoticed.
  const { user, store } = renderApp('/auth');
  await user.click(await screen.findByRole('button', { name: SIGN_UP_TOGGLE }));
  await user.type(email(), 'new@example.com');
  await user.type(password(), 'a long enough password');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_NEEDED);
  expect(screen.getByRole('alert')).toHaveTextContent(/invitation/);
  expect(store.getState().auth.user).toBeNull();
});

test('an invitation link opens sign-up with the invited email, creates the account and opens the editor', async () => {
  const AUTHOR = { id: 7, email: 'ada@example.com', name: '', role: 'author' as const };
  const created: unknown[] = [];
  server.use(
    http.post(`${API}/users`, async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ user: AUTHOR }, { status: 201 });
    }),
  );
  const { user, store, router } = renderApp(`/auth?invite=tok123&email=${encodeURIComponent(AUTHOR.email)}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  expect(await screen.findByDisplayValue(AUTHOR.email)).toBe(email());
  await user.type(password(), 'a long enough password');
  // The name is asked for, and required: a blank one is refused on the card.
  await user.type(screen.getByLabelText('Name'), '   ');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(NAME_NEEDED);
  expect(created).toEqual([]);
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin');
  expect(created).toEqual([
    { invitation: 'tok123', email: AUTHOR.email, password: 'a long enough password', name: 'Ada Lovelace' },
  ]);
  expect(store.getState().auth.user).toEqual(AUTHOR);
});

test('an invitation the server refuses (expired, used, another email) says so on the card', async () => {
  const EXPIRED = 'This invitation has expired: ask for a new invitation';
  server.use(http.post(`${API}/users`, () => HttpResponse.json({ error: EXPIRED }, { status: 403 }), { once: true }));
  const { user, store } = renderApp('/auth?invite=old');
  await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(password(), 'a long enough password');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
  expect(store.getState().auth.user).toBeNull();

  // A refusal without words still names the invitation.
  server.use(http.post(`${API}/users`, () => new HttpResponse(null, { status: 403 }), { once: true }));
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_INVALID);
});

test('the setup link creates the owner account', async () => {
  const created: unknown[] = [];
  server.use(
    http.post(`${API}/users`, async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ user: OWNER }, { status: 201 });
    }),
  );
  const { user } = renderApp('/auth?setup=first');
  expect(await screen.findByText('Create the owner account of this site.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Name'), OWNER.name);
  await user.type(email(), OWNER.email);
  await user.type(password(), 'a long enough password');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeInTheDocument();
  expect(created).toEqual([
    { setup: 'first', email: OWNER.email, password: 'a long enough password', name: OWNER.name },
  ]);
});

test('the sign-in card has no name field: only the setup and invitation cards ask for one', async () => {
  const { user } = renderApp('/auth');
  expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: SIGN_UP_TOGGLE }));
  expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
});

/** GET and POST /api/account/name-ask as the server answers for an account named after its email. */
function nameAskApi() {
  const answers: unknown[] = [];
  server.use(
    http.get(`${API}/account/name-ask`, () => HttpResponse.json({ ask: answers.length === 0 })),
    http.post(`${API}/account/name-ask`, async ({ request }) => {
      const body = (await request.json()) as { name?: string };
      answers.push(body);
      return HttpResponse.json({ user: { ...OWNER, name: body.name ?? 'owner' } });
    }),
  );
  return answers;
}

test('an account that never gave a name is asked for one after signing in, then goes on with it', async () => {
  sessionApi();
  const answers = nameAskApi();
  const { user, store, router } = renderApp(`/auth?next=${encodeURIComponent('/admin/posts')}`);
  await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
  await user.type(password(), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('heading', { level: 1, name: NAME_STEP_TITLE })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/auth');
  const name = screen.getByLabelText('Name');
  expect(name).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Save name' }));
  expect(screen.getByRole('alert')).toHaveTextContent(NAME_NEEDED);
  expect(answers).toEqual([]);
  await user.type(name, ' Olive Brown ');
  await user.click(screen.getByRole('button', { name: 'Save name' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/posts'));
  expect(answers).toEqual([{ name: 'Olive Brown' }]);
  expect(store.getState().auth.user?.name).toBe('Olive Brown');
});

test('"Not now" answers the question without a name and goes on; a refused name says why', async () => {
  sessionApi();
  const answers = nameAskApi();
  server.use(
    http.post(
      `${API}/account/name-ask`,
      () =>
        HttpResponse.json(
          { error: 'Invalid body', details: [{ path: 'name', message: 'must not contain control characters' }] },
          { status: 400 },
        ),
      { once: true },
    ),
  );
  const { user, router } = renderApp('/auth');
  await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
  await user.type(password(), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await user.type(await screen.findByLabelText('Name'), 'Olive');
  await user.click(screen.getByRole('button', { name: 'Save name' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Name must not contain control characters.');
  await user.click(screen.getByRole('button', { name: 'Not now' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  expect(answers).toEqual([{}]);
});

test('Forgot password? mails a link where mail is configured and says the same for any email; else ask an owner', async () => {
  const asked: unknown[] = [];
  server.use(
    http.get(`${API}/session`, () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })),
    http.get(`${API}/password-reset-requests`, () => HttpResponse.json({ mail: true })),
    http.post(`${API}/password-reset-requests`, async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ message: 'queued' }, { status: 202 });
    }),
  );
  const first = renderApp('/auth');
  const { user } = first;
  await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await screen.findByText(RESET_LINK_SENT)).toBeInTheDocument();
  expect(asked).toEqual([{ email: 'nobody@example.com' }]);
  await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  first.unmount();

  server.use(http.get(`${API}/password-reset-requests`, () => HttpResponse.json({ mail: false })));
  renderApp('/auth');
  expect(await screen.findByText(ASK_AN_OWNER)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
});
