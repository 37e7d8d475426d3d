// Inline marks inside a post's text: the format names. The parser, the React renderer and the plain-text form live
// beside this file once written (marks are parsed where rendering needs them; the visitors' bundle does not carry
// the parser when the server has already rendered the text).

/** 'plain': text shows as typed (posts stored before marks existed, or sent without the field). 'marks': the small
 * Markdown subset (bold, italic, links, bare https URLs, backslash escapes). */
export const TEXT_FORMATS = ['plain', 'marks'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

/**
 * The text with its marks removed, for every place markup does not belong (search, meta and Open Graph
 * descriptions, JSON-LD, feed summaries, the admin diff, read-time counts): a link keeps its text and loses its URL.
 * (Until the marks parser lands this answers the text as typed, which is exactly right for 'plain'.)
 */
export function plainText(text: string, _format: TextFormat | undefined): string {
  return text;
}

/** The link schemes a mark may point to; anything else (javascript:, data:, vbscript:, …) renders as plain text. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;

/**
 * The href a link mark may carry, or undefined when the link must render as its plain text: http, https and mailto
 * URLs, and site paths starting with one `/` (a protocol-relative `//host` is another site in disguise). Takes the
 * destination as the parser decoded it (entities and escapes resolved), so `&#106;avascript:` is seen as what it is.
 */
export function linkHref(destination: string): string | undefined {
  const url = destination.trim();
  if (url.startsWith('/')) return /^\/[/\\]/.test(url) ? undefined : url;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined || !(LINK_SCHEMES as readonly string[]).includes(`${scheme}:`)) return undefined;
  return URL.canParse(url) ? url : undefined;
}
