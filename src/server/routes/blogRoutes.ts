// GET /api/blogs (cursor pages, newest first), GET /api/blogs/:id, POST /api/blogs, PUT and DELETE /api/blogs/:id
// (DELETE moves a post to the trash; ?permanent=true removes a trashed one for good, as the trash's owner or editor).
// Anonymous readers see public posts only, from the caches; a reader holding the token sees every post, never from
// or into a cache.
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { cursorParam, pageSizeParam, postParams, rowIdOf } from '../../contract/params';
import { blogSubmissionSchema } from '../../contract/schemas';
import { LIMITS } from '../../contract/limits';
import { mayDeleteForever } from '../../contract/roles';
import type { BlogSummary } from '../../contract/types';
import { actorOf } from '../accounts/actor';
import type { Actor } from '../accounts/actor';
import { refuseCreate, refuseDelete, refuseEdit } from '../accounts/roles';
import { isSlug } from '../../contract/tags';
import type { WriteGuard } from '../accounts/guard';
import type { Db } from '../db/database';
import { markPrivate } from '../http/answers';
import { keptAnswers } from '../http/contentCoding';
import { INVALID_ID } from '../http/errors';
import { API_HEADERS } from '../http/security';
import { sessionCookie } from '../accounts/sessions';
import {
  createPost,
  deleteForever,
  findPost,
  listPosts,
  listTrashed,
  trashPost,
  updatePost,
} from '../repositories/postsRepository';
import { postStaff } from '../repositories/accountsRepository';
import { onSave } from '../desk/desk';
import { MAIL_OFF } from '../mail/mailer';
import type { Mailer } from '../mail/mailer';
import type { ContentCaches } from '../http/contentCaches';
import { jsonAnswer, PUBLIC_JSON_HEADERS } from '../http/responseCache';
import type { CachedResponse } from '../http/responseCache';
import type { ZodTypeProvider } from '../http/validation';
import {
  NOT_FOUND,
  postAnswer,
  precondition,
  replaceWithRetry,
  sendCached,
  sendPost,
  STALE,
  withStaff,
} from './postWrites';
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

/** What every anonymous reader's answer says besides its own headers (a link, its tag). */
const PUBLIC_HEADERS = { ...PUBLIC_JSON_HEADERS, vary: 'Authorization' };

/** A cached answer as an anonymous reader gets it: written as stored, compressed once per coding. */
const sendKept = keptAnswers(API_HEADERS);
const sendPublic = (request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) =>
  sendKept(request, reply, cached, PUBLIC_HEADERS);

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

const listQuerySchema = z.object({
  limit: pageSizeParam(LIMITS.pageSizeMax, LIMITS.pageSizeDefault),
  cursor: z.optional(cursorParam('must be a cursor taken from a Link header')),
  /** all: drafts and scheduled posts too; review: only the posts in review; trash: only the posts in the trash (staff) */
  status: z.optional(z.enum(['all', 'review', 'trash'])),
  /** only the posts carrying the tag with this slug */
  tag: z.optional(z.string().check(z.refine(isSlug, 'must be a tag slug such as premier-league'))),
});

const deleteQuerySchema = z.object({
  /** true: remove a post already in the trash for good (owner and editor only) */
  permanent: z.optional(z.enum(['true', 'false'])),
});

export const blogRoutes: FastifyPluginAsync<BlogRoutesOptions> = async (
  fastify,
  { db, guard, caches, now: clock = Date.now, jsonBodyMs = DEFAULT_TIMEOUTS.jsonBodyMs, mailer = MAIL_OFF },
) => {
  const writer = { db, clock };
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
        jsonAnswer(trash.posts, trash.nextCursor === undefined ? {} : { link: `<${next}>; rel="next"` }),
      );
    }
    const inReviewOnly = who === 'admin' && status === 'review';
    const includeHidden = who === 'admin' && (status === 'all' || inReviewOnly);
    const key = `${limit}:${cursor ?? ''}:${tag ?? ''}`;
    const build = async () => {
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
      return jsonAnswer(shown, nextCursor === undefined ? {} : { link: `<${next}>; rel="next"` });
    };
    const page = includeHidden ? await build() : await caches.lists.getOrBuild(key, build);
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
      return sendPost(reply, await withStaff(db, post));
    }
    // A missing post is not kept: another process may store this id a moment from now, or it may not be public yet.
    const answer = await caches.posts.getOrBuild(String(id), async () => {
      const post = await findPost(db, id, { now: new Date(clock()) });
      return post && postAnswer(post);
    });
    if (answer === undefined) return reply.code(404).send(NOT_FOUND);
    return sendPublic(request, reply, answer);
  }

  // The hot read, synchronous when the answer is cached (no promise, no await). No params schema: the id is checked by
  // the rule every row id follows (rowIdOf), with the 400 the schema would give, and no validation step. A
  // request without credentials (no Authorization, no session cookie) reads the cache, decided by two header tests.
  app.get<{ Params: { id: string } }>('/blogs/:id', (request, reply) => {
    const id = rowIdOf(request.params.id);
    if (id === undefined) {
      void reply.code(400).send(INVALID_ID);
      return;
    }
    if (request.headers.authorization === undefined && sessionCookie(request) === undefined) {
      // rowIdOf accepts only the canonical spelling, so the text is the key (String(id)).
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
      if (request.body.status === 'review') await guard.countDeskWrite(request, reply);
      const at = new Date(clock());
      const desked = onSave(mailer, { actor: who, from: 'new', requested: request.body.status, now: at });
      const post = await createPost(db, request.body, at, who.accountId, desked);
      await caches.invalidate();
      mailer.wake();
      return reply.code(201).header('location', `/api/blogs/${post.id}`).send(post);
    },
  );

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
        writer,
        request,
        id,
        async (check) => {
          if (request.body.status === 'review' && check.current.status !== 'review')
            await guard.countDeskWrite(request, reply);
          return updatePost(db, id, request.body, {
            ...check.condition,
            replaced: check.current,
            by: who,
            alsoInTransaction: onSave(mailer, {
              actor: who,
              from: check.current.status,
              requested: request.body.status,
              now: check.condition.now ?? new Date(clock()),
            }),
          });
        },
        (facts) => refuseEdit(who, facts, request.body.status),
      );
      if (result.outcome === 'forbidden') return reply.code(403).send({ error: result.error });
      if (result.outcome === 'precondition') return reply.code(412).send({ error: STALE });
      if (result.outcome === 'not-found') return reply.code(404).send(NOT_FOUND);
      if (result.outcome === 'conflict') return reply.code(412).send({ error: STALE });
      await caches.invalidate();
      mailer.wake();
      // The new ETag comes along, so the editor can save again without reading the post first.
      return sendPost(reply, result.value);
    },
  );

  /** DELETE /api/blogs/:id?permanent=true: a post already in the trash, removed for good with its revisions. */
  async function deleteForGood(request: FastifyRequest, reply: FastifyReply, id: number) {
    if (!mayDeleteForever(actor(request).role))
      return reply.code(403).send({ error: 'Only an owner or an editor may delete a post for good.' });
    const outcome = await deleteForever(db, id, new Date(clock()));
    if (outcome === 'not-found') return reply.code(404).send(NOT_FOUND);
    if (outcome === 'not-trashed')
      return reply
        .code(409)
        .send({ error: 'Only a post in the trash can be deleted for good. Move it to the trash first.' });
    await caches.invalidate();
    return reply.code(204).send();
  }

  app.delete(
    '/blogs/:id',
    {
      schema: { params: postParams, querystring: deleteQuerySchema },
      // A DELETE that brings a body is answered before the body is read (an empty one labelled JSON still passes).
      onRequest: [refuseBody(), ignoreEmptyBody, guard.refuseBlocked],
      preValidation: guard.staffOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.query.permanent === 'true') return deleteForGood(request, reply, id);
      const check = await precondition(writer, request, id, new Date(clock()));
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
