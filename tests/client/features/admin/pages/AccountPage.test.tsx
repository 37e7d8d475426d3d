import '../preloadPages';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';
import {
  PASSWORD_CHANGED_TEXT,
  WRONG_CURRENT_PASSWORD_TEXT,
} from '../../../../../src/client/features/admin/pages/AccountPage';

function passwordApi() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/account/password`, async ({ request }) => {
      const body = (await request.json()) as { currentPassword: string; newPassword: string };
      sent.push(body);
      return body.currentPassword === 'old password 1'
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json({ error: 'Incorrect password' }, { status: 401 });
    }),
  );
  return sent;
}

test('the account page changes the password and says the other sessions ended', async () => {
  const sent = passwordApi();
  const { user } = renderApp('/admin/account');
  expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  expect(screen.getByText(/owner@example\.com/)).toBeInTheDocument();
  await user.type(screen.getByLabelText('Current password'), 'old password 1');
  await user.type(screen.getByLabelText('New password'), 'new password 22');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText(PASSWORD_CHANGED_TEXT)).toBeInTheDocument();
  expect(sent).toEqual([{ currentPassword: 'old password 1', newPassword: 'new password 22' }]);
  expect(screen.getByLabelText('Current password')).toHaveValue('');
  expect(screen.getByLabelText('New password')).toHaveValue('');
});

test('a wrong current password is said, and a short new one is refused before sending', async () => {
  const sent = passwordApi();
  const { user } = renderApp('/admin/account');
  await user.type(await screen.findByLabelText('Current password'), 'not it');
  await user.type(screen.getByLabelText('New password'), 'short');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('at least 10 characters');
  expect(sent).toHaveLength(0);

  await user.type(screen.getByLabelText('New password'), ' but longer now');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CURRENT_PASSWORD_TEXT);
  expect(sent).toHaveLength(1);
});
