import { screen } from '@testing-library/react';
import { AuthPage } from '../../../../src/client/features/auth/AuthPage';
import { renderApp, renderWithProviders } from '../../helpers/renderWithProviders';

const SIGN_UP_TOGGLE = "Don't have an account? Sign up";
const SIGN_IN_TOGGLE = 'Already have an account? Sign in';

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

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
  const { user, store } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.type(email(), 'coach@example.com');
  await user.type(password(), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Incorrect password$/);
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(store.getState().auth.isAuthenticated).toBe(false);
});

test('typing in either field clears the error', async () => {
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
  const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.type(email(), 'a@b.co');
  await user.type(password(), 'nope');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Incorrect password');
  await user.click(screen.getByRole('button', { name: SIGN_UP_TOGGLE }));
  expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();
});

test('empty required fields are stopped by the browser check: no error, no sign-in', async () => {
  const { user, store } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(screen.queryByRole('button', { name: 'Processing...' })).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(store.getState().auth.isAuthenticated).toBe(false);
});

test('the right password signs in (whatever the email) and opens the editor', async () => {
  const { user, store, router } = renderApp('/auth');
  await user.type(await screen.findByLabelText('Email'), 'anyone@example.com');
  await user.type(password(), 'admin');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin');
  expect(store.getState().auth.isAuthenticated).toBe(true);
});

test('sign-up mode applies the same check without any server call', async () => {
  // The shared msw server fails the test on any unhandled request, so a server call would not go unnoticed.
  const { user, store } = renderApp('/auth');
  await user.click(await screen.findByRole('button', { name: SIGN_UP_TOGGLE }));
  await user.type(email(), 'new@example.com');
  await user.type(password(), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password');
  await user.clear(password());
  await user.type(password(), 'admin');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeInTheDocument();
  expect(store.getState().auth.isAuthenticated).toBe(true);
});
