import { screen, within } from '@testing-library/react';
import { renderApp } from '../helpers/renderWithProviders';

const LINKS = [
  ['Home', '/'],
  ['Blog', '/blog'],
  ['Matches', '/matches'],
  ['Search', '/search'],
  ['Admin', '/admin'],
] as const;

test.each(['Main', 'Tabs'])('the %s navigation links Home, Blog, Matches, Search and Admin', async (name) => {
  renderApp('/sample');
  const nav = await screen.findByRole('navigation', { name });
  const links = within(nav).getAllByRole('link');
  // The top bar's Search link is lucide's search icon, named by its aria-label.
  const name_ = (link: HTMLElement) => link.getAttribute('aria-label') ?? link.textContent;
  expect(links.map((link) => [name_(link), link.getAttribute('href')])).toEqual(LINKS);
  expect(within(nav).getByRole('link', { name: 'Search' }).querySelector('svg')).not.toBeNull();
});

test.each([
  ['/', 'Home'],
  ['/blog', 'Blog'],
  ['/matches', 'Matches'],
  ['/admin', 'Admin'],
])('on %s only the %s link is marked current, in both bars', async (route, current) => {
  renderApp(route);
  for (const name of ['Main', 'Tabs']) {
    const nav = await screen.findByRole('navigation', { name });
    const marked = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.textContent)).toEqual([current]);
  }
});

test('the brand link goes home', async () => {
  const { user, router } = renderApp('/sample');
  await user.click(await screen.findByRole('link', { name: 'Touchline' }));
  expect(router.state.location.pathname).toBe('/');
});

test('clicking Blog in the top bar opens the blog list', async () => {
  const { user, router } = renderApp('/');
  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Blog' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/blog');
});

test('the skip link is the first stop and moves focus to the main content', async () => {
  const { user } = renderApp('/sample');
  await screen.findByRole('heading', { level: 1 });
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(skip).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
});

test('an unknown address shows a not-found page with a way home', async () => {
  const { user, router } = renderApp('/no/such/page');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(document.title).toBe('Page not found · Touchline');
  await user.click(screen.getByRole('link', { name: 'Back to home' }));
  expect(router.state.location.pathname).toBe('/');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Sports stories from the touchline' }),
  ).toBeInTheDocument();
});

test.each(['/', '/blog', '/sample', '/search'])('every page links the site’s RSS feed', async (route) => {
  renderApp(route);
  const link = await screen.findByRole('link', { name: 'RSS feed' });
  expect(link).toHaveAttribute('href', '/feed.xml');
  // At the foot of every page, outside the page's own content, and not a <footer> (the sample's author footer is one).
  expect(link.closest('nav')).toBe(screen.getByRole('navigation', { name: 'Feeds' }));
  expect(link.closest('main')).toBeNull();
  expect(link.closest('footer')).toBeNull();
  expect(screen.queryByRole('link', { name: 'RSS feed of this tag' })).toBeNull();
});

test('a tag’s page links that tag’s feed too', async () => {
  renderApp('/tag/premier-league');
  expect(await screen.findByRole('link', { name: 'RSS feed of this tag' })).toHaveAttribute(
    'href',
    '/tag/premier-league/feed.xml',
  );
});
