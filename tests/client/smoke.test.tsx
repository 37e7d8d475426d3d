import { screen } from '@testing-library/react';
import { renderApp } from './helpers/renderWithProviders';

test('the app renders the landing route', async () => {
  renderApp('/');
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
});
