// The Access Token is for scripts: a signed-in person finds it behind "Use an API token instead"; without a session it
// is shown as it is; a token already held keeps it open.
import { screen } from '@testing-library/react';
import { AccessTokenField } from '../../../../../src/client/features/admin/form/AccessTokenField';
import { sessionKnown } from '../../../../../src/client/app/authSlice';
import { accessTokenChanged } from '../../../../../src/client/features/admin/draft/editorSlice';
import { makeStore } from '../../../../../src/client/app/store';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import '../preloadPages';

const owner = { id: 1, email: 'owner@touchline.test', name: 'Olive Owner', role: 'owner' as const };

function storeWith({ signedIn, token = '' }: { signedIn: boolean; token?: string }) {
  const store = makeStore();
  if (signedIn) store.dispatch(sessionKnown(owner));
  if (token) store.dispatch(accessTokenChanged(token));
  return store;
}

test('a signed-in person sees "Use an API token instead", and the field only once they open it', async () => {
  const { user } = renderWithProviders(<AccessTokenField />, { store: storeWith({ signedIn: true }) });
  const disclosure = screen.getByText('Use an API token instead');
  const details = disclosure.closest('details')!;
  expect(details.open).toBe(false);
  await user.click(disclosure);
  expect(details.open).toBe(true);
  await user.type(screen.getByLabelText('Access Token'), 'tok');
  expect(screen.getByLabelText('Access Token')).toHaveValue('tok');
});

test('a token held from another page keeps the disclosure open', () => {
  renderWithProviders(<AccessTokenField />, { store: storeWith({ signedIn: true, token: 'held' }) });
  expect(screen.getByText('Use an API token instead').closest('details')!.open).toBe(true);
});

test('without a session the field is shown as it is', () => {
  renderWithProviders(<AccessTokenField />, { store: storeWith({ signedIn: false }) });
  expect(screen.queryByText('Use an API token instead')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Access Token')).toBeInTheDocument();
});
