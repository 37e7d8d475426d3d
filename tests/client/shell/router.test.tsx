// main.tsx renders the routes with the declarative router (<BrowserRouter> + AppRoutes); renderApp uses a memory
// data router. This checks the declarative path the browser takes, with a MemoryRouter standing in for the URL bar.
import { screen, within } from '@testing-library/react';
import { AppRoutes } from '../../../src/client/shell/router';
import { samplePost } from '../fixtures/posts';
import { renderWithProviders } from '../helpers/renderWithProviders';

test('the declarative route table renders the chrome and lazy pages, and links move between them', async () => {
  const { user } = renderWithProviders(<AppRoutes />, { route: '/blog' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeInTheDocument();
  const main = within(screen.getByRole('navigation', { name: 'Main' }));
  expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');

  await user.click(await screen.findByRole('link', { name: samplePost.title }));
  expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();

  await user.click(main.getByRole('link', { name: 'Home' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Sports stories from the touchline' }),
  ).toBeInTheDocument();
  expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('an unknown address renders the not-found page through the catch-all route', async () => {
  renderWithProviders(<AppRoutes />, { route: '/nowhere' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
});
