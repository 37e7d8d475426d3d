// The policy's door in the browser: a person who must set a factor up sees only the set-up page; the others their page.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SecondFactorGate, SETUP_TEXT } from '../../../../../src/client/features/admin/security/SecondFactorGate';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';

const status = (setupRequired: boolean) =>
  server.use(
    http.get(`${API}/account/second-factor`, () =>
      HttpResponse.json({ passkeys: [], totp: false, recoveryCodes: 0, policy: 'editors', setupRequired }),
    ),
  );

test('a person the policy requires a factor of, with none, gets the set-up page instead of the page', async () => {
  status(true);
  renderWithProviders(
    <SecondFactorGate>
      <p>The page</p>
    </SecondFactorGate>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeInTheDocument();
  expect(screen.getByText(SETUP_TEXT)).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Passkeys' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Authenticator app' })).toBeInTheDocument();
  expect(screen.queryByText('The page')).not.toBeInTheDocument();
});

test('anyone else gets the page', async () => {
  status(false);
  renderWithProviders(
    <SecondFactorGate>
      <p>The page</p>
    </SecondFactorGate>,
  );
  expect(await screen.findByText('The page')).toBeInTheDocument();
});
