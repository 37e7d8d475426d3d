// The shared chrome: skip link, fixed top bar, the page, and the bottom tab bar on small screens. It lives in
// the shell because it composes a feature (the theme toggle), which a shared component may not import.
import { Suspense, lazy, useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Link, NavLink } from '../components/Link';
import { matchRoute, pathTo } from '../../contract/routes';
import { paths } from '../app/paths';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { hasSignedInHint, selectAuthStatus, selectUser } from '../app/authSlice';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { SpriteIcon } from '../components/SpriteIcon';
import type { SpriteIconName } from '../components/SpriteIcon';
import { ThemeToggle } from '../features/theme/ThemeToggle';
import { useThemePersistence } from '../features/theme/useThemePersistence';
import styles from './Layout.module.scss';

const SignOutButton = lazy(() => import('../app/session').then((m) => ({ default: m.SignOutButton })));

/** iconOnly: the top bar shows the icon alone, named by the label (the tab bar shows both). */
type NavItem = {
  label: string;
  to: string;
  /** drawn from the icon sprite (components/SpriteIcon.tsx) */
  icon: SpriteIconName;
  end?: boolean;
  iconOnly?: boolean;
};

const NAV_ITEMS: NavItem[] = [
  { label: 'Home', to: paths.home(), icon: 'House', end: true },
  { label: 'Blog', to: paths.blog(), icon: 'Newspaper' },
  { label: 'Matches', to: pathTo('matches'), icon: 'Trophy' },
  { label: 'Search', to: paths.search(), icon: 'Search', iconOnly: true },
  { label: 'Admin', to: paths.admin(), icon: 'LayoutDashboard' },
];

/** NavLink className: the base class, plus `active` when the link's page (or its area) is showing. */
const linkClass =
  (base: string, inArea: boolean) =>
  ({ isActive }: { isActive: boolean }) =>
    isActive || inArea ? `${base} ${styles.active}` : base;

/** The feed of what the page lists, beside the site's: a tag's page offers that tag's feed. */
function pageFeed(pathname: string): { href: string; label: string } | undefined {
  const match = matchRoute(pathname);
  if (match?.route.name === 'tag')
    return { href: `${pathTo('tag', match.params)}/feed.xml`, label: 'RSS feed of this tag' };
  return undefined;
}

// A page inside an area (a post belongs to the blog) keeps the area's item highlighted (aria-current only on the
// exact page).
function areaPath(pathname: string): string | undefined {
  return matchRoute(pathname)?.route.area;
}

export function Layout() {
  useThemePersistence();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);

  // A new page starts at the top, like a normal page load, and (after in-app navigation, not on the first load)
  // focus moves to it: a screen reader then announces the new content, and Tab continues from there instead of from
  // the link that was followed, which may no longer exist.
  const shownPath = useRef(pathname);
  useEffect(() => {
    document.documentElement.scrollTop = 0;
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  // Sign out shows while signed in. On a visitor's page the session is asked for only when this browser signed in
  // before (the hint), so a reader's page makes no request for it.
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const authStatus = useAppSelector(selectAuthStatus);
  useEffect(() => {
    if (authStatus === 'unknown' && hasSignedInHint())
      void import('../app/session').then((m) => m.loadSession(dispatch));
  }, [authStatus, dispatch]);

  const area = areaPath(pathname);
  const feed = pageFeed(pathname);
  const items = NAV_ITEMS.map((item) => ({ ...item, inArea: item.to === area }));

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main" onClick={skipToMain}>
        Skip to main content
      </a>
      <header className={styles.topBar}>
        <div className={styles.topInner}>
          <Link to={paths.home()} className={styles.brand}>
            <SpriteIcon name="Trophy" size={24} />
            Touchline
          </Link>
          <nav aria-label="Main" className={styles.topNav}>
            <ul>
              {items.map(({ label, to, end, inArea, iconOnly, icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={linkClass(styles.topLink, inArea)}
                    aria-label={iconOnly ? label : undefined}
                    title={iconOnly ? label : undefined}
                  >
                    {iconOnly ? <SpriteIcon name={icon} size={20} /> : label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {user && (
            <Suspense fallback={null}>
              <SignOutButton className={styles.signOut} />
            </Suspense>
          )}
          <ThemeToggle className={styles.toggle} />
        </div>
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        <PageErrorBoundary key={pathname} pathname={pathname}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {/* Plain links: a feed is a file, not a page of the app. A labelled nav, not a <footer>: the page's own footer
          (the sample's author footer) stays the page's last footer. */}
      <div className={styles.footer}>
        <nav aria-label="Feeds">
          <ul>
            <li>
              <a href="/feed.xml" type="application/atom+xml">
                RSS feed
              </a>
            </li>
            {feed && (
              <li>
                <a href={feed.href} type="application/atom+xml">
                  {feed.label}
                </a>
              </li>
            )}
          </ul>
        </nav>
        {/* A member's way back to what they follow (their account, or the form that mails a sign-in link). */}
        <nav aria-label="Members">
          <ul>
            <li>
              <Link to={pathTo('account')}>Sign in</Link>
            </li>
          </ul>
        </nav>
      </div>
      <nav aria-label="Tabs" className={styles.tabBar}>
        <ul>
          {items.map(({ label, to, end, icon, inArea }) => (
            <li key={to}>
              <NavLink to={to} end={end} className={linkClass(styles.tab, inArea)}>
                <SpriteIcon name={icon} size={22} />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
