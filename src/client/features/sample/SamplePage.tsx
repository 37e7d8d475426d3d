// PLACEHOLDER (foundation): replaced by the issue that owns this page.
export function SamplePage() {
  return <h1>SamplePage</h1>;
}
