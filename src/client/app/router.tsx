// The route table (SPEC 2). Composition of features happens here; features never import each other.
// Only the chrome is in the first chunk; every page is its own lazy chunk, so a visitor downloads the page they
// open (the editor, and zod used by the post page, stay out of everyone else's load).
// main.tsx renders these routes with the declarative <BrowserRouter> + useRoutes, which is about 16 KB gzip
// lighter than the data router (createBrowserRouter); tests may still mount them in a memory data router.
import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Layout } from '../components/Layout';

const LandingPage = lazy(() => import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage })));
const BlogListPage = lazy(() => import('../features/blog/BlogListPage').then((m) => ({ default: m.BlogListPage })));
const PostPage = lazy(() => import('../features/post/PostPage').then((m) => ({ default: m.PostPage })));
const SamplePage = lazy(() => import('../features/sample/SamplePage').then((m) => ({ default: m.SamplePage })));
const AuthPage = lazy(() => import('../features/auth/AuthPage').then((m) => ({ default: m.AuthPage })));
// The editor is a lazy chunk: a visitor never downloads it.
const AdminPage = lazy(() => import('../features/editor/AdminPage').then((m) => ({ default: m.AdminPage })));
const PostsPage = lazy(() => import('../features/editor/PostsPage').then((m) => ({ default: m.PostsPage })));
const EditPage = lazy(() => import('../features/editor/EditPage').then((m) => ({ default: m.EditPage })));
const PreviewPage = lazy(() => import('../features/editor/PreviewPage').then((m) => ({ default: m.PreviewPage })));
const NotFoundPage = lazy(() => import('../components/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** While a page's chunk loads, show that page's own loading text (SPEC 2), where the page shows it, so nothing jumps. */
const page = (element: ReactNode, loading?: string, className = 'status') => (
  <Suspense
    fallback={
      loading ? (
        <p className={className} role="status">
          {loading}
        </p>
      ) : null
    }
  >
    {element}
  </Suspense>
);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: page(<LandingPage />) },
      { path: '/blog', element: page(<BlogListPage />, 'Loading posts...') },
      { path: '/sample', element: page(<SamplePage />) },
      { path: '/page/:id', element: page(<PostPage />, 'Loading blog content...', 'status reading-column') },
      { path: '/auth', element: page(<AuthPage />) },
      { path: '/admin', element: page(<AdminPage />) },
      { path: '/admin/posts', element: page(<PostsPage />) },
      { path: '/admin/edit/:id', element: page(<EditPage />) },
      { path: '/admin/preview/:id', element: page(<PreviewPage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
];

/** The whole app's routes; render inside a router (BrowserRouter in main.tsx, MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
