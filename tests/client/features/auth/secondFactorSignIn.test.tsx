// The sign-in card's second factor: after a right password with the authenticator app on, the card asks for the code
// and signs in with it; the email field offers passkeys (autocomplete="username webauthn") beside the passkey button.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AuthPage, CODE_LABEL, PASSKEY_BUTTON } from '../../../../src/client/features/auth/AuthPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../helpers/mswServer';

test('the email field offers passkeys, and a passkey button stands beside the password', () => {
  renderWithProviders(<AuthPage />, { route: '/auth' });
  expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  expect(screen.getByRole('button', { name: PASSKEY_BUTTON })).toBeInTheDocument();
});

test('a right password with the app on asks for the 6-digit code, and a wrong code says so', async () => {
  const codes: unknown[] = [];
  server.use(
    http.post(`${API}/session`, () => HttpResponse.json({ codeNeeded: true, ticket: 'the-ticket' })),
    http.post(`${API}/session/code`, async ({ request }) => {
      const body = (await request.json()) as { ticket: string; code: string };
      codes.push(body);
      return body.code === '123456'
        ? HttpResponse.json({ user: OWNER })
        : HttpResponse.json(
            { error: 'That code is not right: check your app, or use a recovery code' },
            { status: 401 },
          );
    }),
  );
  const { user, store } = renderWithProviders(<AuthPage />, { route: '/auth' });
  await user.type(screen.getByLabelText('Email'), OWNER.email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  const code = await screen.findByLabelText(CODE_LABEL);
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'That code is not right: check your app, or use a recovery code',
  );
  await user.clear(code);
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await waitFor(() => expect(store.getState().auth.user).toEqual(OWNER));
  expect(codes).toEqual([
    { ticket: 'the-ticket', code: '000000' },
    { ticket: 'the-ticket', code: '123456' },
  ]);
  expect(store.getState().auth.user).toEqual(OWNER);
});
