// Every internal link is built here from the route table (src/contract/routes.ts), never as a string literal elsewhere.
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
  adminPosts: () => pathTo('adminPosts'),
  adminEdit: (id: number | string) => pathTo('adminEdit', { id }),
  adminStaff: () => pathTo('adminStaff'),
  adminAccount: () => pathTo('adminAccount'),
  adminPreview: (id: number | string) => pathTo('adminPreview', { id }),
} as const;
