// Inline marks inside a post's text: the format names, the parsed tree every renderer reads, and the link rule.
// Parser-free on purpose: the visitors' bundle imports this file, and the parser (marksParser.ts, markdown-it) stays
// on the server, in the admin chunk and in a lazy chunk a reader's browser loads only when it must parse a text itself.

/** 'plain': text shows as typed (posts stored before marks existed, or sent without the field). 'marks': the small
 * Markdown subset (bold, italic, links, bare https URLs, backslash escapes). */
export const TEXT_FORMATS = ['plain', 'marks'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

/**
 * One piece of a parsed text: a run of characters shown as they are, bold (`b`), italic (`i`), or a link (`a`: an href
 * linkHref accepted, `c`: what it shows). A link whose destination was refused is not in the tree: its text stands in
 * its place as plain characters.
 */
export type MarkNode = string | { b: MarkNode[] } | { i: MarkNode[] } | { a: string; c: MarkNode[] };

/** The link schemes a mark may point to; anything else (javascript:, data:, vbscript:, …) renders as plain text. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;

// What a browser drops before it reads a URL (WHATWG URL: tab and newline anywhere, C0 controls and spaces around it):
// `java\tscript:` is `javascript:` to it, so it is to this rule too.
const URL_IGNORED = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const URL_TRIMMED = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/**
 * The href a link mark may carry, or undefined when the link must render as its plain text: http, https and mailto
 * URLs, and site paths starting with one `/` (a protocol-relative `//host`, or `/\host` which browsers read the same
 * way, is another site in disguise). Takes the destination as the parser decoded it (entities and escapes resolved),
 * so `&#106;avascript:` is seen as what it is. The editor asks the same question before it inserts a link.
 */
export function linkHref(destination: string): string | undefined {
  const url = destination.replace(URL_IGNORED, '').replace(URL_TRIMMED, '');
  if (url.startsWith('/')) return /^\/[/\\]/.test(url) ? undefined : url;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined || !(LINK_SCHEMES as readonly string[]).includes(`${scheme}:`)) return undefined;
  // An http(s) URL needs a host: `https:evil` or `https:/x` would be read relative to this site or refused.
  if ((scheme === 'http' || scheme === 'https') && !/^https?:\/\/[^/\\]/i.test(url)) return undefined;
  return URL.canParse(url) ? url : undefined;
}

/** Whether a link to this href leaves the site (it then carries rel="noopener"). */
export function isExternalHref(href: string): boolean {
  return !href.startsWith('/');
}
