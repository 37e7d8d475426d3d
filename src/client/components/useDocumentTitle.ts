// The tab title of the page a component shows, in the site's one title format (contract/site.ts).
import { useEffect } from 'react';
import { pageTitle } from '../../contract/site';

/** Sets the tab title to `{title} · Touchline`, or just the site name without a title. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
