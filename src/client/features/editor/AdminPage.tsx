// PLACEHOLDER (foundation): replaced by the issue that owns this page.
export function AdminPage() {
  return <h1>AdminPage</h1>;
}
