// The client side of the route table (src/contract/routes.ts): each route's page component and loading text.
// Composition of features happens here; features never import each other. Only the chrome is in the first chunk;
// every page is its own lazy chunk, so a visitor downloads the page they open (the editor, and zod used by the post
// page, stay out of everyone else's load). main.tsx renders these routes with the declarative <BrowserRouter> +
// useRoutes, which is about 16 KB gzip lighter than the data router (createBrowserRouter); tests may still mount them
// in a memory data router, and the server renders them in a StaticRouter (entry-server.tsx).
import { Suspense, createContext, lazy, useContext } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useLocation, useParams, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { ROUTE_LIST, isAdminRoute, paramsAreValid } from '../../contract/routes';
import type { AdminRouteName, RouteName } from '../../contract/routes';
import { Layout } from './Layout';

const MemberPage = lazy(() => import('../features/members/MemberPages').then((m) => ({ default: m.MemberPage })));

const PAGES: Record<Exclude<RouteName, AdminRouteName>, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage }))),
  blog: lazy(() => import('../features/blog/BlogListPage').then((m) => ({ default: m.BlogListPage }))),
  post: lazy(() => import('../features/post/PostPage').then((m) => ({ default: m.PostPage }))),
  sample: lazy(() => import('../features/sample/SamplePage').then((m) => ({ default: m.SamplePage }))),
  // A tag's page is the story list filtered (the same chunk as /blog).
  tag: lazy(() => import('../features/blog/BlogListPage').then((m) => ({ default: m.BlogListPage }))),
  author: lazy(() => import('../features/author/AuthorPage').then((m) => ({ default: m.AuthorPage }))),
  matches: lazy(() => import('../features/matches/MatchesPage').then((m) => ({ default: m.MatchesPage }))),
  search: lazy(() => import('../features/search/SearchPage').then((m) => ({ default: m.SearchPage }))),
  auth: lazy(() => import('../features/auth/AuthPage').then((m) => ({ default: m.AuthPage }))),
  // A member's pages: one lazy module (one import in every visitor's entry), each page named by its route.
  memberSubscribed: MemberPage,
  memberConfirm: MemberPage,
  memberSignIn: MemberPage,
  memberUnsubscribe: MemberPage,
  account: MemberPage,
};
// Every admin page, behind the session guard, through one lazy module (a visitor never downloads any of it).
const AdminPage = lazy(() => import('../features/admin/AdminPages').then((m) => ({ default: m.AdminPage })));
const NotFoundPage = lazy(() => import('../components/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** While a page's chunk loads, the page's own loading text, where the page shows one, so nothing jumps. */
const LOADING: Partial<Record<RouteName, { text: string; className: string }>> = {
  blog: { text: 'Loading posts...', className: 'status' },
  tag: { text: 'Loading posts...', className: 'status' },
  post: { text: 'Loading blog content...', className: 'status reading-column' },
};

/**
 * A URL (pathname + search) the server answered with its not-found page although a route matches it (no post has
 * that id): hydration must render the same. Context, not a module variable: the server renders requests concurrently.
 */
export const MissingUrl = createContext<string | undefined>(undefined);

/** The route's page; the not-found page (as the server answers) when its parameters or its post do not exist. */
function RouteContent({ name, found }: { name: RouteName; found: boolean }) {
  if (!found) return <NotFoundPage />;
  if (isAdminRoute(name)) return <AdminPage name={name} />;
  const Page = PAGES[name];
  return <Page />;
}

function RoutePage({ name }: { name: RouteName }) {
  const params = useParams();
  const { pathname, search } = useLocation();
  const missingUrl = useContext(MissingUrl);
  const found = paramsAreValid(params) && missingUrl !== pathname + search;
  const loading = found ? LOADING[name] : undefined;
  return (
    <Suspense
      fallback={
        loading ? (
          <p className={loading.className} role="status">
            {loading.text}
          </p>
        ) : null
      }
    >
      <RouteContent name={name} found={found} />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...ROUTE_LIST.map(({ name, path }) => ({ path, element: <RoutePage name={name} /> })),
      {
        path: '*',
        element: (
          <Suspense fallback={null}>
            <NotFoundPage />
          </Suspense>
        ),
      },
    ],
  },
];

/** The whole app's routes; render inside a router (BrowserRouter in main.tsx, MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
