// PLACEHOLDER (foundation): replaced by the issue that owns this page.
export function PostPage() {
  return <h1>PostPage</h1>;
}
