// The route registry: every internal link is built here, never as a string literal elsewhere.
export const paths = {
  home: () => '/',
  blog: () => '/blog',
  sample: () => '/sample',
  post: (id: number | string) => `/page/${encodeURIComponent(String(id))}`,
  auth: () => '/auth',
  admin: () => '/admin',
  adminPosts: () => '/admin/posts',
  adminEdit: (id: number | string) => `/admin/edit/${encodeURIComponent(String(id))}`,
  adminPreview: (id: number | string) => `/admin/preview/${encodeURIComponent(String(id))}`,
} as const;
