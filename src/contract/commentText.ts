// A comment's text rules both sides read, zod-free so the readers' comments chunk stays small: the limits, whether
// a text holds a link or a held word, and the one renderer (plain text whose URLs become links, nothing else markup).
import { escapeAttribute, escapeHtml } from './html';

/** Characters in a comment's body. */
export const COMMENT_BODY_MAX = 2000;
/** The member sign-in page a visitor is sent to (MEMBER_PAGES.signIn, held to it by a test: members.ts pulls in zod). */
export const SIGN_IN_TO_COMMENT = '/members/signin';
/** A comment may be edited by its author this long after it was posted. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;

// http(s) URLs and bare www. addresses, up to whitespace; trailing punctuation stays text.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;
const TRAILING = /[.,;:!?)\]}'"]+$/u;

/** True when the text holds a link: such a comment always waits for a moderator. */
export function hasLink(text: string): boolean {
  URL_PATTERN.lastIndex = 0;
  return URL_PATTERN.test(text);
}

/** The held word the text holds (whole words, any case), or undefined. */
export function heldWordIn(text: string, words: readonly string[]): string | undefined {
  const lower = text.toLocaleLowerCase('en');
  return words.find((word) => {
    const w = word.toLocaleLowerCase('en');
    let at = lower.indexOf(w);
    while (at !== -1) {
      const before = lower[at - 1];
      const after = lower[at + w.length];
      const edge = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}_]/u.test(c);
      if (edge(before) && edge(after)) return true;
      at = lower.indexOf(w, at + 1);
    }
    return false;
  });
}

/**
 * A comment's text as HTML: everything escaped, http(s) URLs made links with rel="ugc nofollow noopener", line breaks
 * kept by the stylesheet (white-space: pre-wrap). Nothing else becomes markup.
 */
export function commentHtml(text: string): string {
  let html = '';
  let last = 0;
  URL_PATTERN.lastIndex = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    const href = url.toLowerCase().startsWith('www.') ? `https://${url}` : url;
    html += `<a href="${escapeAttribute(href)}" rel="ugc nofollow noopener">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}
