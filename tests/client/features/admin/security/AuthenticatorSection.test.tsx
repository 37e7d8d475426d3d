// "Authenticator app" on /admin/account: "Set up" shows the QR code and the secret as text, a right code turns the
// app on and shows the ten recovery codes once; "Turn off" sends a current code (or else the password).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SecuritySections } from '../../../../../src/client/features/admin/security/SecuritySections';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';

const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

test('sets the app up from the QR code and its secret, shows the recovery codes once, and turns it off', async () => {
  let on = false;
  const sent: unknown[] = [];
  server.use(
    http.get(`${API}/account/second-factor`, () =>
      HttpResponse.json({ passkeys: [], totp: on, recoveryCodes: on ? 10 : 0, policy: 'none', setupRequired: false }),
    ),
    http.post(`${API}/account/totp`, () =>
      HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/png;base64,AA==' }),
    ),
    http.post(`${API}/account/totp/confirm`, async ({ request }) => {
      sent.push(await request.json());
      on = true;
      return HttpResponse.json({ totp: true, recoveryCodes: CODES });
    }),
    http.post(`${API}/account/totp/off`, async ({ request }) => {
      sent.push(await request.json());
      on = false;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderWithProviders(<SecuritySections />);
  const app = await screen.findByRole('region', { name: 'Authenticator app' });
  await user.click(within(app).getByRole('button', { name: 'Set up' }));
  expect(await within(app).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  expect(within(app).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
  await user.type(within(app).getByLabelText('6-digit code'), '123456');
  await user.click(within(app).getByRole('button', { name: 'Turn on' }));
  const codes = await screen.findByRole('region', { name: 'Recovery codes' });
  expect(
    within(codes)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(CODES);
  await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
  expect(screen.queryByRole('region', { name: 'Recovery codes' })).not.toBeInTheDocument();
  expect(await within(app).findByText('10 recovery codes left.')).toBeInTheDocument();

  await user.type(within(app).getByLabelText('A current code or your password'), '654321');
  await user.click(within(app).getByRole('button', { name: 'Turn off' }));
  expect(await within(app).findByText('The authenticator app is off.')).toBeInTheDocument();
  expect(sent).toEqual([{ code: '123456' }, { code: '654321' }]);
});
