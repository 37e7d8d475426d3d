// What every route that writes a post shares (blogRoutes, deskRoutes, revisionsTrashRoutes): the post's answer and
// its two-part ETag, the If-Match precondition, and the write that retries when no If-Match pinned a version. Not a
// route file: it registers no route, so route files may import it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminBlogPost, BlogPost } from '../../contract/types';
import type { Db } from '../db/database';
import { markPrivate } from '../http/answers';
import { notFound } from '../http/errors';
import { ifMatchHolds, strongEtag, twoPartEtag } from '../http/etag';
import { jsonAnswer } from '../http/responseCache';
import type { CachedResponse } from '../http/responseCache';
import { findPost } from '../repositories/postsRepository';
import type { PostFacts, WriteCondition, WriteOutcome } from '../repositories/postsRepository';
import { postStaff } from '../repositories/accountsRepository';

export const NOT_FOUND = notFound('Blog');
/** The answer for a stale If-Match, or a write that lost its race. */
export const STALE = 'The post was changed or deleted since you loaded it. Reload it, then make your changes again.';

/**
 * The read shape of one post and its ETag: what GET answers, and what If-Match is compared with. The same bytes for
 * every reader of a post, so the tag an anonymous reader got and the tag the editor got are one tag. A post with live
 * coverage has a tag of two parts, "{version}.{coverage}": the version is the tag the post had with `live` null, so
 * a score change during a match gives new bytes a new tag, yet does not make an editor's If-Match stale (a PUT
 * replaces the post's text, never its coverage).
 */
export function postAnswer(post: BlogPost): CachedResponse {
  if (post.live === undefined || post.live === null) return jsonAnswer(post);
  const body = JSON.stringify(post);
  const etag = twoPartEtag(postVersion(post), strongEtag(JSON.stringify(post.live)));
  return { body, headers: { etag }, answers: {} };
}

/** The version part of a post's tag: the tag of its read shape with `live` null. */
export const postVersion = (post: BlogPost) => strongEtag(JSON.stringify({ ...post, live: null }));

/** An answer made for this request alone (a token holder's), sent through Fastify with the tag it was made with. */
export function sendCached(reply: FastifyReply, { body, headers }: CachedResponse): FastifyReply {
  return reply
    .headers(headers ?? {})
    .type('application/json; charset=utf-8')
    .send(body);
}

/** A post as a staff write answers it: its read shape and ETag, never kept by a shared cache. */
export function sendPost(reply: FastifyReply, post: BlogPost): FastifyReply {
  markPrivate(reply);
  return sendCached(reply, postAnswer(post));
}

/** The admin read shape: the post plus who created and last changed it (never cached, never public). */
export async function withStaff(db: Db, post: BlogPost): Promise<AdminBlogPost> {
  const staff = (await postStaff(db, [post.id])).get(post.id);
  return { ...post, createdBy: staff?.createdBy ?? null, updatedBy: staff?.updatedBy ?? null };
}

/** What a post write reads before it writes: its database and clock. */
export type PostWriter = { db: Db; clock: () => number };

/**
 * The post as it stands and whether the request's If-Match still names it. The version it names is then checked
 * again inside the write's transaction (updatedAt), so two writers holding the same tag cannot both succeed.
 */
export async function precondition({ db }: PostWriter, request: FastifyRequest, id: number, at: Date) {
  const found = await findPost(db, id, { includeHidden: true, now: at });
  if (found === undefined) return { status: 404 as const };
  const current = await withStaff(db, found);
  const ifMatch = request.headers['if-match'];
  // The tag of the public shape (what an anonymous reader got) or of the admin shape (what a staff reader got).
  if (!ifMatchHolds(ifMatch, [postVersion(found), postVersion(current)])) return { status: 412 as const };
  // No tag, or *: any version may be replaced.
  const ifUnchanged = ifMatch !== undefined && ifMatch.trim() !== '*';
  const facts: PostFacts = { createdBy: current.createdBy?.id ?? null, status: current.status };
  const condition: WriteCondition = { seenUpdatedAt: current.updatedAt, ifUnchanged, now: at };
  // `current` is the read shape (what a revision keeps); the staff fields are for the role rules only.
  return { status: 200 as const, facts, condition, current: found, ifUnchanged };
}

/**
 * A write that keeps the version it replaces as a revision: conditional on the version read just before, so when
 * another write lands in between and the caller sent no If-Match (any version may be replaced), it runs again on
 * the new version instead of failing.
 */
export async function replaceWithRetry<T>(
  writer: PostWriter,
  request: FastifyRequest,
  id: number,
  write: (check: { condition: WriteCondition; current: BlogPost }) => Promise<WriteOutcome<T>>,
  /** the role rule for this change, asked of every version the write would replace */
  refuse: (facts: PostFacts) => string | undefined,
): Promise<WriteOutcome<T> | { outcome: 'precondition' } | { outcome: 'forbidden'; error: string }> {
  for (let attempt = 0; ; attempt += 1) {
    const check = await precondition(writer, request, id, new Date(writer.clock()));
    if (check.status === 404) return { outcome: 'not-found' };
    if (check.status === 412) return { outcome: 'precondition' };
    const refused = refuse(check.facts);
    if (refused !== undefined) return { outcome: 'forbidden', error: refused };
    const result = await write(check);
    if (result.outcome !== 'conflict' || check.ifUnchanged || attempt >= 4) return result;
  }
}
