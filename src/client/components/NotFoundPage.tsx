// PLACEHOLDER (foundation): replaced by the public-site issue.
export function NotFoundPage() {
  return <h1>Page not found</h1>;
}
