// The app's links: a real <a href> that navigates in place on a plain click, leaves modified clicks to the browser,
// and (NavLink) says which page is showing, as react-router's own did.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Link, NavLink, linkIsActive } from '../../../src/client/components/Link';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

test('a plain click navigates in place; the link is a real href for everything else', async () => {
  const user = userEvent.setup();
  const clicked: string[] = [];
  render(
    <MemoryRouter initialEntries={['/']}>
      <Link to="/blog?cursor=2" className="button" onClick={() => clicked.push('own handler')}>
        All stories
      </Link>
      <Where />
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'All stories' });
  expect(link).toHaveAttribute('href', '/blog?cursor=2');
  expect(link).toHaveClass('button');
  await user.click(link);
  expect(screen.getByTestId('where')).toHaveTextContent('/blog?cursor=2');
  expect(clicked).toEqual(['own handler']);
});

test('a modified click (a new tab) and a handler that prevents the default do not navigate in place', async () => {
  const user = userEvent.setup();
  // What the browser would do with the modified click (open a tab) is not jsdom's to do: stop it after the app's
  // handler has decided (React listens below the document).
  const stopBrowser = (event: Event) => event.preventDefault();
  document.addEventListener('click', stopBrowser);
  render(
    <MemoryRouter initialEntries={['/']}>
      <Link to="/blog">Blog</Link>
      <Link to="/search" onClick={(event) => event.preventDefault()}>
        Search
      </Link>
      <Where />
    </MemoryRouter>,
  );
  await user.keyboard('{Control>}');
  await user.click(screen.getByRole('link', { name: 'Blog' }));
  await user.keyboard('{/Control}');
  await user.click(screen.getByRole('link', { name: 'Search' }));
  document.removeEventListener('click', stopBrowser);
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
});

test('NavLink marks the page showing with aria-current and its class; `end` keeps it to the exact path', async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/admin/posts']}>
      <Routes>
        <Route
          path="*"
          element={
            <nav>
              <NavLink to="/" end>
                Home
              </NavLink>
              <NavLink to="/admin" className={({ isActive }) => (isActive ? 'here' : 'there')}>
                Admin
              </NavLink>
              <NavLink to="/blog" className="top">
                Blog
              </NavLink>
            </nav>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Admin' })).toHaveClass('here');
  expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('class', 'top');
  await user.click(screen.getByRole('link', { name: 'Blog' }));
  expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('class', 'top active');
  expect(screen.getByRole('link', { name: 'Admin' })).toHaveClass('there');
});

test.each([
  ['/', '/', true, true],
  ['/blog', '/', true, false],
  ['/blog', '/', false, false],
  ['/admin/posts', '/admin', false, true],
  ['/administrator', '/admin', false, false],
  ['/admin/posts', '/admin', true, false],
  ['/Blog', '/blog', true, true],
  ['/admin/', '/admin/', true, true],
  ['/admin/x', '/admin/', false, true],
])('linkIsActive(%s, %s, end %s) is %s', (pathname, to, end, active) => {
  expect(linkIsActive(pathname, to, end)).toBe(active);
});
