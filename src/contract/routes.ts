// The app's one route table. The client router, server rendering, the server's preload hints, its 404 decision, link
// building and post-id validation all read it: adding a page is one line here (plus its component in
// src/client/shell/router.tsx, which the compiler asks for).
import { isSlug } from './tags';

/**
 * The post id a URL spells ('12'), or undefined when it is malformed ('012', '1.5', '1e3', past 2^53): a malformed id
 * is a 400 from the API and a 404 page; a well-formed id of no post (past POST_ID_MAX too) is a 404 from both. Also the
 * API's cursor rule and the canonical /blog?cursor= page's. Every post-id check calls this one.
 */
export function parsePostId(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= Number.MAX_SAFE_INTEGER ? id : undefined;
}

type RouteDefinition = {
  /** react-router pattern; `:id` is always a post id (see parsePostId), `:slug` a tag's or author's slug (see isSlug) */
  path: string;
  /** the page's module, src/client/features/{page}.tsx (the server's preload hints find its chunks by it) */
  page: string;
  /** 'server': rendered on the server and hydrated; 'client': the server sends the shell */
  render: 'server' | 'client';
  /**
   * the data the page reads first: a post by its :id, the story list, a tag's or an author's stories, search
   * results, or a day's matches; 'link': a mailed link's page, whose token in the query its form posts back (rendered per request,
   * never kept); 'member': the signed-in member's own page (rendered per request from their cookie, private, never kept)
   */
  data?: 'post' | 'list' | 'tag' | 'author' | 'search' | 'link' | 'matches' | 'member';
  /** the path of the top-level navigation item that stays highlighted on this page */
  area?: string;
  /** the status the server answers the shell of a client-rendered page with (default 200) */
  shellStatus?: 404;
};

export const ROUTES = {
  home: { path: '/', page: 'landing/LandingPage', render: 'server' },
  blog: { path: '/blog', page: 'blog/BlogListPage', render: 'server', data: 'list' },
  post: {
    path: '/page/:id',
    page: 'post/PostPage',
    render: 'server',
    data: 'post',
    area: '/blog',
  },
  sample: { path: '/sample', page: 'sample/SamplePage', render: 'server' },
  // A tag's stories are the story list filtered: the same page module.
  tag: { path: '/tag/:slug', page: 'blog/BlogListPage', render: 'server', data: 'tag', area: '/blog' },
  // An author's stories: the slug is the name and the account id (contract/authors.ts).
  author: { path: '/author/:slug', page: 'author/AuthorPage', render: 'server', data: 'author', area: '/blog' },
  // A day's matches (?date=YYYY-MM-DD, today by default), grouped by competition.
  matches: { path: '/matches', page: 'matches/MatchesPage', render: 'server', data: 'matches' },
  search: { path: '/search', page: 'search/SearchPage', render: 'server', data: 'search' },
  auth: { path: '/auth', page: 'auth/AuthPage', render: 'client' },
  // A member's pages: a mailed link's button, the subscribe form's landing page and their preferences. Server-rendered
  // so each button works without JavaScript; /account is rendered for the member its cookie names.
  memberSubscribed: { path: '/members/subscribed', page: 'members/MemberPages', render: 'server' },
  memberConfirm: { path: '/members/confirm', page: 'members/MemberPages', render: 'server', data: 'link' },
  memberSignIn: { path: '/members/signin', page: 'members/MemberPages', render: 'server', data: 'link' },
  memberUnsubscribe: { path: '/members/unsubscribe', page: 'members/MemberPages', render: 'server', data: 'link' },
  account: { path: '/account', page: 'members/MemberPages', render: 'server', data: 'member' },
  admin: { path: '/admin', page: 'admin/pages/NewPostPage', render: 'client' },
  adminPosts: { path: '/admin/posts', page: 'admin/pages/PostsPage', render: 'client', area: '/admin' },
  adminEdit: { path: '/admin/edit/:id', page: 'admin/pages/EditPage', render: 'client', area: '/admin' },
  adminHistory: { path: '/admin/history/:id', page: 'admin/pages/HistoryPage', render: 'client', area: '/admin' },
  adminTrash: { path: '/admin/trash', page: 'admin/pages/TrashPage', render: 'client', area: '/admin' },
  adminStaff: { path: '/admin/staff', page: 'admin/pages/StaffPage', render: 'client', area: '/admin' },
  adminLive: { path: '/admin/live/:id', page: 'admin/pages/LiveDeskPage', render: 'client', area: '/admin' },
  adminAccount: { path: '/admin/account', page: 'admin/pages/AccountPage', render: 'client', area: '/admin' },
  adminReview: { path: '/admin/review', page: 'admin/pages/ReviewPage', render: 'client', area: '/admin' },
  adminInbox: { path: '/admin/inbox', page: 'admin/pages/InboxPage', render: 'client', area: '/admin' },
  adminMembers: { path: '/admin/members', page: 'admin/pages/MembersPage', render: 'client', area: '/admin' },
  // A day's matches (?date=YYYY-MM-DD, today in the site's time zone by default), their editor and the CSV import.
  adminMatches: { path: '/admin/matches', page: 'admin/matches/MatchesAdminPage', render: 'client', area: '/admin' },
  adminTags: { path: '/admin/tags', page: 'admin/tags/TagsAdminPage', render: 'client', area: '/admin' },
  adminComments: { path: '/admin/comments', page: 'admin/pages/CommentsPage', render: 'client', area: '/admin' },
  // Like every admin page, only a signed-in admin gets it (others are sent to /auth); the page fetches the draft with
  // the session cookie, so a preview opens from a fresh tab too.
  adminPreview: { path: '/admin/preview/:id', page: 'admin/pages/PreviewPage', render: 'client', area: '/admin' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;
export type Route = RouteDefinition & { name: RouteName };
/** The back office's routes: every one needs a session, and the client loads them all through one module. */
export type AdminRouteName = Extract<RouteName, `admin${string}`>;
/** Whether a route is one of the back office's. */
export const isAdminRoute = (name: RouteName): name is AdminRouteName => name.startsWith('admin');

/** Every route, in table order. */
export const ROUTE_LIST: readonly Route[] = Object.entries(ROUTES).map(([name, route]) => ({
  ...(route as RouteDefinition),
  name: name as RouteName,
}));

/** The rule each named path parameter must satisfy; a URL that breaks it matches no route (a 404). */
const PARAM_RULES: Record<string, (value: string) => boolean> = {
  id: (value) => parsePostId(value) !== undefined,
  slug: isSlug,
};

/** Whether react-router's params of a matched route satisfy the table's rules. */
export function paramsAreValid(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(([name, value]) => !PARAM_RULES[name] || PARAM_RULES[name](value ?? ''));
}

export type RouteMatch = { route: Route; params: Record<string, string> };

// Each route's path split once (matching is on every page request), in ROUTE_LIST's order.
const PATTERNS = ROUTE_LIST.map((route) => route.path.split('/'));

/** ROUTE_LIST[index] with the params its pattern takes from `segments`, when they match and are valid. */
function matchAt(index: number, segments: string[]): RouteMatch | undefined {
  const pattern = PATTERNS[index]!;
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  const matches = pattern.every((part, at) => {
    if (!part.startsWith(':')) return part === segments[at];
    params[part.slice(1)] = segments[at]!;
    return true;
  });
  return matches && paramsAreValid(params) ? { route: ROUTE_LIST[index]!, params } : undefined;
}

/** A path's segments, a trailing slash allowed. */
const segmentsOf = (pathname: string) => pathname.replace(/(.)\/$/, '$1').split('/');

/** The route a pathname opens (a trailing slash allowed), with valid params; undefined for a not-found page. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const segments = segmentsOf(pathname);
  for (let index = 0; index < ROUTE_LIST.length; index += 1) {
    const match = matchAt(index, segments);
    if (match) return match;
  }
  return undefined;
}

/** matchRoute for a pathname already known to be `route`'s or none (the server's router chose the route). */
export function matchRouteAt(route: Route, pathname: string): RouteMatch | undefined {
  return matchAt(ROUTE_LIST.indexOf(route), segmentsOf(pathname));
}

/** The URL of a route: pathTo('post', { id: 3 }) is '/page/3'. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  return ROUTES[name].path.replace(/:(\w+)/g, (_match, key: string) => encodeURIComponent(String(params[key])));
}
