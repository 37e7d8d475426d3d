import { useEffect } from 'react';

export const SITE_NAME = 'Touchline';

/** Sets the tab title to `{title} · Touchline`, or just the site name without a title. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
