// The links a visitor's page makes, built from the route table (src/contract/routes.ts), never as string literals;
// the links only admin pages make are in features/admin/adminPaths.ts, out of every visitor's first download.
import { pathTo } from '../../contract/routes';

export const paths = {
  home: () => pathTo('home'),
  blog: () => pathTo('blog'),
  sample: () => pathTo('sample'),
  post: (id: number | string) => pathTo('post', { id }),
  tag: (slug: string) => pathTo('tag', { slug }),
  search: () => pathTo('search'),
  auth: () => pathTo('auth'),
  admin: () => pathTo('admin'),
} as const;
