import { screen } from '@testing-library/react';
import { renderApp } from '../../helpers/renderWithProviders';

test('the landing page has a hero title, a tagline and the three feature blurbs', async () => {
  renderApp('/');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Sports stories from the touchline' }),
  ).toBeInTheDocument();
  expect(screen.getByText(/Match analysis, training know-how/)).toBeInTheDocument();
  for (const blurb of ['Expert Analysis', 'Community Driven', 'Latest Updates']) {
    expect(screen.getByRole('heading', { level: 3, name: blurb })).toBeInTheDocument();
  }
  expect(document.title).toBe('Touchline');
});

test('the hero button opens the blog list', async () => {
  const { user, router } = renderApp('/');
  const button = await screen.findByRole('link', { name: 'Read the blog' });
  expect(button).toHaveAttribute('href', '/blog');
  await user.click(button);
  expect(await screen.findByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/blog');
});
