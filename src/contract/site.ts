// The site's name, the tab-title format every page uses, and JSON made safe to sit inside a <script> element: the
// server's head and the client's document title and embedded state read them from here.

export const SITE_NAME = 'Touchline';

/** `{title} · Touchline`, or the site name alone without a title. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * JSON for a <script> element (embedded state or an `application/ld+json` block) whatever the data holds: `<`, `>`
 * and `&` never appear (so no `</script>` or `<!--` can close or bend the element), nor U+2028/U+2029 (line
 * terminators to older JavaScript parsers). JSON.parse reads the escapes back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
