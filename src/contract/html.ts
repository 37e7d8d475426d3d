// The one HTML escaper: every string the server writes into markup by hand (the head, the feed's HTML content,
// preload hints) goes through here, so the characters that can end a text or an attribute are escaped the same way.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in HTML text and in an attribute value in either quote. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Safe in a double-quoted attribute value (an apostrophe stays as it is, so URLs keep their bytes). */
export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);
}
