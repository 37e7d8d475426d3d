// GET /api/blogs (cursor pages, newest first), GET /api/blogs/:id, POST /api/blogs, PUT and DELETE /api/blogs/:id
// (DELETE moves a post to the trash; ?permanent=true removes a trashed one for good, see revisionsTrashRoutes.ts).
// Anonymous readers see public posts only, from the caches; a reader holding the token sees every post, never from
// or into a cache.
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { postParams } from '../../contract/params';
import { blogSubmissionSchema } from '../../contract/schemas';
import { LIMITS } from '../../contract/limits';
import type { AdminBlogPost, BlogPost, BlogSummary } from '../../contract/types';
import { actorOf } from '../accounts/actor';
import type { Actor } from '../accounts/actor';
import { refuseCreate, refuseDelete, refuseEdit } from '../accounts/roles';
import { isSlug } from '../../contract/tags';
import { parsePostId } from '../../contract/routes';
import type { WriteGuard } from '../accounts/guard';
import type { Db } from '../db/database';
import { markPrivate } from '../http/answers';
import { keptAnswers } from '../http/contentCoding';
import { strongEtag } from '../http/etag';
import { API_HEADERS } from '../http/security';
import { sessionCookie } from '../accounts/sessions';
import { createPost, findPost, listPosts, listTrashed, trashPost, updatePost } from '../repositories/postsRepository';
import type { PostFacts, WriteCondition, WriteOutcome } from '../repositories/postsRepository';
import { postStaff } from '../repositories/accountsRepository';
import { deleteForeverRoute, revisionsTrashRoutes } from './revisionsTrashRoutes';
import { deskRoutes } from './deskRoutes';
import { onSave } from '../desk/desk';
import { MAIL_OFF } from '../mail/mailer';
import type { Mailer } from '../mail/mailer';
import type { ContentCaches } from '../http/contentCaches';
import type { CachedResponse } from '../http/responseCache';
import type { ZodTypeProvider } from '../http/validation';
import { BODY_LIMITS, bodyDeadline, DEFAULT_TIMEOUTS, ignoreEmptyBody, refuseBody } from '../http/requestLimits';

export type BlogRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  caches: ContentCaches;
  now?: () => number;
  /** how long a write's body may take to arrive (default: requestLimits.ts) */
  jsonBodyMs?: number;
  /** mail for the desk's notifications (default: none) */
  mailer?: Mailer;
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An answer serialized once, with its ETag computed once (the API's onSend hook uses a tag already set); an anonymous
 * reader gets it from the cache prepared whole in the coding it asks for (sendPublic).
 */
function cachedJson(value: unknown, headers: Record<string, string> = {}): CachedResponse {
  const body = JSON.stringify(value);
  return { body, headers: { ...headers, etag: strongEtag(body) }, answers: {} };
}

/** What every anonymous reader's answer says besides its own headers (a link, its tag). */
const PUBLIC_HEADERS = { 'content-type': JSON_TYPE, 'cache-control': 'no-cache', vary: 'Authorization' };

/** A cached answer as an anonymous reader gets it: written as stored, compressed once per coding. */
const sendKept = keptAnswers(API_HEADERS);
const sendPublic = (request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) =>
  sendKept(request, reply, cached, PUBLIC_HEADERS);

function sendCached(reply: FastifyReply, { body, headers }: CachedResponse) {
  return reply
    .headers(headers ?? {})
    .type(JSON_TYPE)
    .send(body);
}

/**
 * The read shape of one post and its ETag: what GET answers, and what If-Match is compared with. The same bytes for
 * every reader of a post, so the tag an anonymous reader got and the tag the editor got are one tag. A post with live
 * coverage has a tag of two parts, "{version}.{coverage}": the version is the tag the post had with `live` null, so
 * a score change during a match gives new bytes a new tag, yet does not make an editor's If-Match stale (a PUT
 * replaces the post's text, never its coverage).
 */
function postAnswer(post: BlogPost): CachedResponse {
  if (post.live === undefined || post.live === null) return cachedJson(post);
  const body = JSON.stringify(post);
  const version = postVersion(post);
  const etag = `${version.slice(0, -1)}.${strongEtag(JSON.stringify(post.live)).slice(1)}`;
  return { body, headers: { etag }, answers: {} };
}

/** The version part of a post's tag: the tag of its read shape with `live` null. */
const postVersion = (post: BlogPost) => strongEtag(JSON.stringify({ ...post, live: null }));

/**
 * If-Match against a post's versions (postAnswer): absent passes, `*` passes, else a listed tag must name one of
 * them, in any coding, whatever coverage it was read with (a weak W/ tag never matches).
 */
function versionMatches(header: string | undefined, posts: BlogPost[]): boolean {
  if (header === undefined) return true;
  const versions = posts.map((post) => postVersion(post).slice(0, -1));
  return header.split(',').some((listed) => {
    const tag = listed.trim();
    if (tag === '*') return true;
    return versions.some(
      (version) => [`${version}"`, `${version}-br"`, `${version}-gzip"`].includes(tag) || tag.startsWith(`${version}.`),
    );
  });
}

/** The admin read shape: the post plus who created and last changed it (never cached, never public). */
async function withStaff(db: Db, post: BlogPost): Promise<AdminBlogPost> {
  const staff = (await postStaff(db, [post.id])).get(post.id);
  return { ...post, createdBy: staff?.createdBy ?? null, updatedBy: staff?.updatedBy ?? null };
}

async function summariesWithStaff(db: Db, posts: BlogSummary[]) {
  const staff = await postStaff(
    db,
    posts.map((post) => post.id),
  );
  return posts.map((post) => {
    const known = staff.get(post.id);
    return { ...post, createdBy: known?.createdBy ?? null, updatedBy: known?.updatedBy ?? null };
  });
}

const STALE = 'The post was changed or deleted since you loaded it. Reload it, then make your changes again.';
const NOT_FOUND = { error: 'Blog not found' };

const positiveInteger = (message: string) =>
  z.pipe(z.string().check(z.refine((s) => parsePostId(s) !== undefined, message)), z.transform(Number));

const listQuerySchema = z.object({
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^(100|[1-9]\d?)$/, `must be an integer from 1 to ${LIMITS.pageSizeMax}`)),
      z.transform(Number),
    ),
    LIMITS.pageSizeDefault,
  ),
  cursor: z.optional(positiveInteger('must be a cursor taken from a Link header')),
  /** all: drafts and scheduled posts too; review: only the posts in review; trash: only the posts in the trash (staff) */
  status: z.optional(z.enum(['all', 'review', 'trash'])),
  /** only the posts carrying the tag with this slug */
  tag: z.optional(z.string().check(z.refine(isSlug, 'must be a tag slug such as premier-league'))),
});

const deleteQuerySchema = z.object({
  /** true: remove a post already in the trash for good (owner and editor only) */
  permanent: z.optional(z.enum(['true', 'false'])),
});

/** What postParams' failure answers (http/validation.ts), for the route that checks its id itself. */
const INVALID_ID = { error: 'Invalid id in the URL', details: [{ path: 'id', message: 'must be a positive integer' }] };

export const blogRoutes: FastifyPluginAsync<BlogRoutesOptions> = async (
  fastify,
  { db, guard, caches, now: clock = Date.now, jsonBodyMs = DEFAULT_TIMEOUTS.jsonBodyMs, mailer = MAIL_OFF },
) => {
  const writeBodyDeadline = bodyDeadline(jsonBodyMs);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only JSON bodies here: anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');

  /**
   * Who reads: 'anonymous' (no credential, or a session that ended), 'admin' (a session, a key or the token), or
   * undefined when the answer was already sent: a wrong token is a 401 and counts as a failed attempt, like on a write
   * (reads would otherwise be a way to guess the token without limit), and an address blocked for failures gets the
   * 429 when it presents a token. A request without a token or the session cookie costs no lookup at all.
   */
  async function reader(request: FastifyRequest, reply: FastifyReply, required: boolean) {
    const who = await guard.identify(request, reply);
    if (who === 'refused') return undefined;
    if (who === 'anonymous') {
      if (!required) return 'anonymous';
      // No token is no guess: not counted, so an admin page opened before the token is typed cannot lock anyone out.
      void reply.code(401).send({ error: 'Access token required' });
      return undefined;
    }
    return 'admin';
  }

  const tokenFromBody = async (request: FastifyRequest, reply: FastifyReply) => {
    const body: unknown = request.body;
    const field =
      typeof body === 'object' && body !== null ? (body as { accessToken?: unknown }).accessToken : undefined;
    if (!(await guard.authorize(request, reply, field))) return reply;
  };
  const tokenFromHeader = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await guard.authorize(request, reply))) return reply;
  };
  /** The guard let the request in, so it names an actor. */
  const actor = (request: FastifyRequest): Actor => actorOf(request)!;

  app.get('/blogs', { schema: { querystring: listQuerySchema } }, async (request, reply) => {
    const { limit, cursor, status, tag } = request.query;
    void reply.header('vary', 'Authorization');
    const who = await reader(request, reply, status !== undefined);
    if (who === undefined) return reply;
    if (status === 'trash') {
      const trash = await listTrashed(db, { limit, beforeId: cursor, now: new Date(clock()) });
      const next = `/api/blogs?limit=${limit}&cursor=${trash.nextCursor}&status=trash`;
      markPrivate(reply);
      return sendCached(
        reply,
        cachedJson(trash.posts, trash.nextCursor === undefined ? {} : { link: `<${next}>; rel="next"` }),
      );
    }
    const inReviewOnly = who === 'admin' && status === 'review';
    const includeHidden = who === 'admin' && (status === 'all' || inReviewOnly);
    const key = `${limit}:${cursor ?? ''}:${tag ?? ''}`;
    let page = includeHidden ? undefined : caches.lists.get(key);
    if (page === undefined) {
      const generation = caches.lists.generation;
      const { posts, nextCursor } = await listPosts(db, {
        limit,
        beforeId: cursor,
        tag,
        includeHidden,
        inReviewOnly,
        now: new Date(clock()),
      });
      const next = `/api/blogs?limit=${limit}&cursor=${nextCursor}${tag ? `&tag=${tag}` : ''}${includeHidden ? `&status=${inReviewOnly ? 'review' : 'all'}` : ''}`;
      // The admin list (every status) names who created and last changed each post.
      const shown = includeHidden ? await summariesWithStaff(db, posts) : posts;
      page = cachedJson(shown, nextCursor === undefined ? {} : { link: `<${next}>; rel="next"` });
      if (!includeHidden) caches.lists.set(key, page, generation);
    }
    if (who === 'admin') {
      markPrivate(reply);
      return sendCached(reply, page);
    }
    return sendPublic(request, reply, page);
  });

  /** GET /blogs/:id past the cache: a token holder's read (never cached), or a post not in the cache yet. */
  async function readPost(request: FastifyRequest, reply: FastifyReply, id: number) {
    void reply.header('vary', 'Authorization');
    const who = await reader(request, reply, false);
    if (who === undefined) return reply;
    if (who === 'admin') {
      const post = await findPost(db, id, { includeHidden: true, now: new Date(clock()) });
      if (post === undefined) return reply.code(404).send(NOT_FOUND);
      markPrivate(reply);
      return sendCached(reply, postAnswer(await withStaff(db, post)));
    }
    const key = String(id);
    let answer = caches.posts.get(key);
    if (answer === undefined) {
      const generation = caches.posts.generation;
      const post = await findPost(db, id, { now: new Date(clock()) });
      // Not cached: another process may store this id a moment from now, or it may be a post not yet public.
      if (post === undefined) return reply.code(404).send(NOT_FOUND);
      answer = postAnswer(post);
      caches.posts.set(key, answer, generation);
    }
    return sendPublic(request, reply, answer);
  }

  // The hot read, synchronous when the answer is cached (no promise, no await). No params schema: the id is checked by
  // the rule every post id follows (parsePostId), with the 400 the schema would give, and no validation step. A
  // request without credentials (no Authorization, no session cookie) reads the cache, decided by two header tests.
  app.get<{ Params: { id: string } }>('/blogs/:id', (request, reply) => {
    const id = parsePostId(request.params.id);
    if (id === undefined) {
      void reply.code(400).send(INVALID_ID);
      return;
    }
    if (request.headers.authorization === undefined && sessionCookie(request) === undefined) {
      // parsePostId accepts only the canonical spelling, so the text is the key (String(id)).
      const answer = caches.posts.get(request.params.id);
      if (answer !== undefined) {
        sendPublic(request, reply, answer);
        return;
      }
    }
    return readPost(request, reply, id);
  });

  app.post(
    '/blogs',
    {
      schema: { body: blogSubmissionSchema },
      bodyLimit: BODY_LIMITS.post,
      onRequest: guard.refuseBlocked,
      preParsing: writeBodyDeadline,
      // Before validation, so a wrong token is a 401 whatever else is wrong with the body.
      preValidation: tokenFromBody,
    },
    async (request, reply) => {
      const who = actor(request);
      const refused = refuseCreate(who, request.body.status);
      if (refused !== undefined) return reply.code(403).send({ error: refused });
      const at = new Date(clock());
      const desked = onSave(mailer, { actor: who, from: 'new', requested: request.body.status, now: at });
      const post = await createPost(db, request.body, at, who.accountId, desked);
      await caches.invalidate();
      mailer.wake();
      return reply.code(201).header('location', `/api/blogs/${post.id}`).send(post);
    },
  );

  /**
   * The post as it stands and whether the request's If-Match still names it. The version it names is then checked
   * again inside the write's transaction (updatedAt), so two writers holding the same tag cannot both succeed.
   */
  async function precondition(request: FastifyRequest, id: number, at: Date) {
    const found = await findPost(db, id, { includeHidden: true, now: at });
    if (found === undefined) return { status: 404 as const };
    const current = await withStaff(db, found);
    const ifMatch = request.headers['if-match'];
    // The tag of the public shape (what an anonymous reader got) or of the admin shape (what a staff reader got).
    if (!versionMatches(ifMatch, [found, current])) return { status: 412 as const };
    // No tag, or *: any version may be replaced.
    const ifUnchanged = ifMatch !== undefined && ifMatch.trim() !== '*';
    const facts: PostFacts = { createdBy: current.createdBy?.id ?? null, status: current.status };
    const condition: WriteCondition = { seenUpdatedAt: current.updatedAt, ifUnchanged, now: at };
    // `current` is the read shape (what a revision keeps); the staff fields are for the role rules only.
    return { status: 200 as const, facts, condition, current: found, ifUnchanged };
  }

  app.put(
    '/blogs/:id',
    {
      schema: { params: postParams, body: blogSubmissionSchema },
      bodyLimit: BODY_LIMITS.post,
      onRequest: guard.refuseBlocked,
      preParsing: writeBodyDeadline,
      preValidation: tokenFromBody,
    },
    async (request, reply) => {
      const { id } = request.params;
      const who = actor(request);
      const result = await replaceWithRetry(
        request,
        id,
        (check) =>
          updatePost(db, id, request.body, {
            ...check.condition,
            replaced: check.current,
            by: who,
            alsoInTransaction: onSave(mailer, {
              actor: who,
              from: check.current.status,
              requested: request.body.status,
              now: check.condition.now ?? new Date(clock()),
            }),
          }),
        (facts) => refuseEdit(who, facts, request.body.status),
      );
      if (result.outcome === 'forbidden') return reply.code(403).send({ error: result.error });
      if (result.outcome === 'precondition') return reply.code(412).send({ error: STALE });
      if (result.outcome === 'not-found') return reply.code(404).send(NOT_FOUND);
      if (result.outcome === 'conflict') return reply.code(412).send({ error: STALE });
      await caches.invalidate();
      mailer.wake();
      // The new ETag comes along, so the editor can save again without reading the post first.
      markPrivate(reply);
      return sendCached(reply, postAnswer(result.value));
    },
  );

  /**
   * A write that keeps the version it replaces as a revision: conditional on the version read just before, so when
   * another write lands in between and the caller sent no If-Match (any version may be replaced), it runs again on
   * the new version instead of failing.
   */
  async function replaceWithRetry<T>(
    request: FastifyRequest,
    id: number,
    write: (check: { condition: WriteCondition; current: BlogPost }) => Promise<WriteOutcome<T>>,
    /** the role rule for this change, asked of every version the write would replace */
    refuse: (facts: PostFacts) => string | undefined,
  ): Promise<WriteOutcome<T> | { outcome: 'precondition' } | { outcome: 'forbidden'; error: string }> {
    for (let attempt = 0; ; attempt += 1) {
      const check = await precondition(request, id, new Date(clock()));
      if (check.status === 404) return { outcome: 'not-found' };
      if (check.status === 412) return { outcome: 'precondition' };
      const refused = refuse(check.facts);
      if (refused !== undefined) return { outcome: 'forbidden', error: refused };
      const result = await write(check);
      if (result.outcome !== 'conflict' || check.ifUnchanged || attempt >= 4) return result;
    }
  }

  revisionsTrashRoutes(app, {
    db,
    guard,
    caches,
    clock,
    replaceWithRetry,
    stale: STALE,
    sendPost: (reply, post) => {
      markPrivate(reply);
      return sendCached(reply, postAnswer(post));
    },
  });

  deskRoutes(app, {
    db,
    guard,
    caches,
    clock,
    replaceWithRetry,
    stale: STALE,
    mailer,
    sendPost: (reply, post) => {
      markPrivate(reply);
      return sendCached(reply, postAnswer(post));
    },
  });

  app.delete(
    '/blogs/:id',
    {
      schema: { params: postParams, querystring: deleteQuerySchema },
      // A DELETE that brings a body is answered before the body is read (an empty one labelled JSON still passes).
      onRequest: [refuseBody(), ignoreEmptyBody, guard.refuseBlocked],
      preValidation: tokenFromHeader,
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.query.permanent === 'true') return deleteForeverRoute(db, caches, request, reply, id, clock);
      const check = await precondition(request, id, new Date(clock()));
      if (check.status === 404) return reply.code(404).send(NOT_FOUND);
      if (check.status === 412) return reply.code(412).send({ error: STALE });
      const refused = refuseDelete(actor(request), check.facts);
      if (refused !== undefined) return reply.code(403).send({ error: refused });
      const result = await trashPost(db, id, check.condition);
      if (result.outcome === 'not-found') return reply.code(404).send(NOT_FOUND);
      if (result.outcome === 'conflict') return reply.code(412).send({ error: STALE });
      await caches.invalidate();
      return reply.code(204).send();
    },
  );
};
