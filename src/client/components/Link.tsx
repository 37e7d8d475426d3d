// The app's in-app links: an <a href> that navigates in place (react-router's useLinkClickHandler: a plain click, not
// one with a modifier key or a target), and NavLink, which also marks the link of the page showing. react-router's own
// Link and NavLink carry framework-mode code this app never uses (route-module prefetching with its manifest lookups,
// masked URLs, view transitions, the data router's pending state): about 2.7 KB gzip of every visitor's first
// load, kept even where unused. These take app paths only (paths.ts, adminPaths.ts); another site gets a plain <a>.
import { forwardRef } from 'react';
import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useLocation } from 'react-router-dom';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** an app path, with its search and hash if any */
  to: string;
};

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, onClick, target, children, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
});

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** a class, or one chosen by whether the link's page is showing */
  className?: string | ((state: { isActive: boolean }) => string);
  /** active on its own path only, not on the paths under it */
  end?: boolean;
};

/**
 * Whether `to` is the page showing, as react-router's NavLink decides it: the same path (letter case aside), or a path
 * under it unless `end`.
 */
export function linkIsActive(pathname: string, to: string, end = false): boolean {
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (current === target) return true;
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return !end && current.startsWith(target) && current.charAt(slash) === '/';
}

/** A Link that says when its page is showing: aria-current="page", and the class `active` or the one chosen for it. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end, className, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const isActive = linkIsActive(pathname, to, end);
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive && 'active'].filter(Boolean).join(' ');
  return (
    <Link {...rest} ref={ref} to={to} className={classes || undefined} aria-current={isActive ? 'page' : undefined} />
  );
});
