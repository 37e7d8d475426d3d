// The route table (SPEC 2). Composition of features happens here; features never import each other.
import { createBrowserRouter } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { LandingPage } from '../features/landing/LandingPage';
import { BlogListPage } from '../features/blog/BlogListPage';
import { PostPage } from '../features/post/PostPage';
import { SamplePage } from '../features/sample/SamplePage';
import { AuthPage } from '../features/auth/AuthPage';
import { NotFoundPage } from '../components/NotFoundPage';

export const routes = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/blog', element: <BlogListPage /> },
      { path: '/sample', element: <SamplePage /> },
      { path: '/page/:id', element: <PostPage /> },
      { path: '/auth', element: <AuthPage /> },
      // The editor is a lazy chunk: a visitor never downloads it.
      {
        path: '/admin',
        lazy: async () => ({ Component: (await import('../features/editor/AdminPage')).AdminPage }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
