// ETags: how a tag is made, how If-None-Match and If-Match are read, and the one 304 decision every answer makes.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator for exactly these bytes (a string as its UTF-8). */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The tag of a body's compressed copy, derived from the body's: each coding is its own representation (other bytes,
 * so another strong tag), and the one version they all carry is still readable from it.
 */
export function codedEtag(etag: string, coding: string): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

// If-None-Match as RFC 9110 reads it for GET: weak comparison, a list of tags, or * for any current representation.
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** Whether the client already holds `etag`: first by plain string compare, the common case, then by RFC 9110's list. */
export function clientHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && (ifNoneMatch === etag || etagMatches(ifNoneMatch, etag));
}

/**
 * Sets the answer's ETag and, when the client already holds it, the 304 status: true means send no body. Every
 * answer that revalidates through Fastify decides here (a prepared answer, written raw, asks clientHolds).
 */
export function revalidate(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('etag', etag);
  if (!clientHolds(request.headers['if-none-match'], etag)) return false;
  void reply.code(304);
  return true;
}

/**
 * A tag of two parts, "{version}.{part}": the version stays readable from it when the second part changes (a post's
 * text and its live coverage, postWrites.ts).
 */
export function twoPartEtag(version: string, part: string): string {
  return `${version.slice(0, -1)}.${part.slice(1)}`;
}

/**
 * If-Match as RFC 9110 reads it: absent passes; `*` passes for any existing resource; otherwise one listed tag must
 * name one of the current versions by strong comparison (a weak W/ tag never matches). The tag of a compressed copy of
 * a version (codedEtag) names that version too, and so does a two-part tag (twoPartEtag) whose first part it is, in any
 * coding: a client that read it that way sends that tag back.
 */
export function ifMatchHolds(header: string | undefined, versions: string | readonly string[]): boolean {
  if (header === undefined) return true;
  const tags = typeof versions === 'string' ? [versions] : versions;
  const names = (tag: string, version: string) =>
    tag === version ||
    tag === codedEtag(version, 'br') ||
    tag === codedEtag(version, 'gzip') ||
    tag.startsWith(`${version.slice(0, -1)}.`);
  return header.split(',').some((listed) => {
    const tag = listed.trim();
    return tag === '*' || tags.some((version) => names(tag, version));
  });
}
