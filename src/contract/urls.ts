// URL rules both sides share. Plain TypeScript (no zod) so every client chunk that shows an image or a link can use them.

// Stands in for the site while a root-relative path is parsed; never appears in what is stored or shown.
const PATH_BASE = 'http://path.invalid';

// A host the serialization may carry: an ASCII (punycode) name, an IPv4 address or a bracketed IPv6 one. The WHATWG
// parser lets through names such as 'a{b.com' that no DNS name can be.
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])$/;

// ASCII the parser leaves raw in a query or fragment although it is no URL code point (HTML validators refuse it
// in href and src), and a '%' that starts no percent-encoded byte: percent-encoded after parsing.
const LEFT_RAW = /[\\^`{|}]|%(?![0-9A-Fa-f]{2})/g;

function serialized(url: URL, rootRelative: boolean): string {
  const text = rootRelative ? `${url.pathname}${url.search}${url.hash}` : url.href;
  return text.replace(LEFT_RAW, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * The one form a URL field stores and shows: '' for '', else the WHATWG URL parser's serialization (percent-encoded:
 * no raw space, quote, angle bracket or backslash) of an http(s) URL with a host, or of a root-relative path such as
 * /uploads/x.png. Undefined for anything else: another scheme (javascript:, data:), '//host', a scheme without '//'
 * ('https:evil.com', which a browser reads as a path), an empty host ('https:///x'), or text that does not parse.
 * Serializing a serialization gives it back unchanged.
 */
export function normalizeUrl(value: string): string | undefined {
  if (value === '') return '';
  const rootRelative = /^\/(?![/\\])/.test(value);
  // The parser would skip the extra slashes of 'https:///x' and take 'x' for the host: the host typed is empty.
  if (!rootRelative && !/^https?:\/\/(?![/\\])/i.test(value)) return undefined;
  let url: URL;
  try {
    url = rootRelative ? new URL(value, PATH_BASE) : new URL(value);
  } catch {
    return undefined;
  }
  if (rootRelative) {
    // '/a/../..//evil.com' resolves to the path '//evil.com', which a browser would read as another host.
    if (url.origin !== PATH_BASE || url.pathname.startsWith('//')) return undefined;
  } else if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !HOST.test(url.hostname)) {
    return undefined;
  }
  return serialized(url, rootRelative);
}

/** Why a URL field refuses a value normalizeUrl does not admit. */
export const URL_MESSAGE = 'must be empty, an http(s) URL with a host or a path starting with /';

/** '' or an http(s) URL or a root-relative path such as /uploads/x.png. Nothing else (javascript:, data:, //host). */
export function isSafeUrl(value: string): boolean {
  return normalizeUrl(value) !== undefined;
}

/** What a stored URL shows as: its serialization, or '' for one no rule admits (a row written before the rules). */
export function shownUrl(value: string): string {
  return normalizeUrl(value) ?? '';
}
