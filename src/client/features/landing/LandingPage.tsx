// PLACEHOLDER (foundation): replaced by the issue that owns this page.
export function LandingPage() {
  return <h1>LandingPage</h1>;
}
