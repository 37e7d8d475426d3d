// PLACEHOLDER (foundation): replaced by the issue that owns this page.
export function AuthPage() {
  return <h1>AuthPage</h1>;
}
