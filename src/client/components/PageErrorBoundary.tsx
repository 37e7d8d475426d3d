// Keeps the chrome on screen when a page fails to render or its lazy chunk fails to load (say, after a deploy
// replaced it): the page area says so instead of the whole app going blank.
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

export const PAGE_ERROR_TEXT = 'Something went wrong while showing this page.';

type PageErrorBoundaryProps = { children: ReactNode; /** the page's path, for the reload link */ pathname: string };
type PageErrorBoundaryState = { failed: boolean };

/** Give it `key={pathname}` so that navigating elsewhere starts again with a fresh page. */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): PageErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <p className="error-text">{PAGE_ERROR_TEXT}</p>
        <p>
          {/* A full load: it also fetches a newer build if that is why a chunk was missing. */}
          <a href={this.props.pathname}>Reload the page</a> or <a href="/">go to the home page</a>.
        </p>
      </div>
    );
  }
}
