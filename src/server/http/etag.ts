// ETags: how a tag is made, and how If-None-Match is read.
import { createHash } from 'node:crypto';

/** A strong validator for exactly these bytes (a string as its UTF-8). */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

// If-None-Match as RFC 9110 reads it for GET: weak comparison, a list of tags, or * for any current representation.
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}
