// The route registry: every internal link is built here, never as a string literal elsewhere.
export const paths = {
  home: () => '/',
  blog: () => '/blog',
  sample: () => '/sample',
  post: (id: number | string) => `/page/${encodeURIComponent(String(id))}`,
  auth: () => '/auth',
  admin: () => '/admin',
} as const;
