// PLACEHOLDER (foundation): replaced by the issue that owns this page.
export function BlogListPage() {
  return <h1>BlogListPage</h1>;
}
