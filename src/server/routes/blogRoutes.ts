// GET /api/blogs (cursor pages, newest first), GET /api/blogs/:id, POST /api/blogs.
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { blogSubmissionSchema } from '../../contract/schemas';
import { LIMITS } from '../../contract/limits';
import { parsePostId } from '../../contract/routes';
import type { WriteGuard } from '../auth';
import type { Db } from '../db/database';
import { strongEtag } from '../etag';
import { createPost, findPost, listPosts } from '../repositories/postsRepository';
import type { ContentCaches } from '../contentCaches';
import type { CachedResponse } from '../responseCache';
import type { ZodTypeProvider } from '../validation';

export type BlogRoutesOptions = { db: Db; guard: WriteGuard; caches: ContentCaches };

const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer serialized once, with its ETag computed once (the API's onSend hook uses a tag already set). */
function cachedJson(value: unknown, headers: Record<string, string> = {}): CachedResponse {
  const body = JSON.stringify(value);
  return { body, headers: { ...headers, etag: strongEtag(body) } };
}

function sendCached(reply: FastifyReply, { body, headers }: CachedResponse) {
  return reply
    .headers(headers ?? {})
    .type(JSON_TYPE)
    .send(body);
}

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
});

const idParamsSchema = z.object({ id: positiveInteger('must be a positive integer') });

export const blogRoutes: FastifyPluginAsync<BlogRoutesOptions> = async (fastify, { db, guard, caches }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only JSON bodies here: anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');

  app.get('/blogs', { schema: { querystring: listQuerySchema } }, async (request, reply) => {
    const { limit, cursor } = request.query;
    const key = `${limit}:${cursor ?? ''}`;
    let page = caches.lists.get(key);
    if (page === undefined) {
      const generation = caches.lists.generation;
      const { posts, nextCursor } = await listPosts(db, { limit, beforeId: cursor });
      const link =
        nextCursor === undefined ? undefined : `</api/blogs?limit=${limit}&cursor=${nextCursor}>; rel="next"`;
      page = cachedJson(posts, link === undefined ? {} : { link });
      caches.lists.set(key, page, generation);
    }
    return sendCached(reply, page);
  });

  app.get('/blogs/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const key = String(request.params.id);
    let answer = caches.posts.get(key);
    if (answer === undefined) {
      const post = await findPost(db, request.params.id);
      // Not cached: another process may store this id a moment from now.
      if (post === undefined) return reply.code(404).send({ error: 'Blog not found' });
      answer = cachedJson(post);
      caches.posts.set(key, answer);
    }
    return sendCached(reply, answer);
  });

  app.post(
    '/blogs',
    {
      schema: { body: blogSubmissionSchema },
      bodyLimit: LIMITS.bodyMaxBytes,
      onRequest: guard.refuseBlocked,
      // Before validation, so a wrong token is a 401 whatever else is wrong with the body.
      preValidation: async (request, reply) => {
        const body: unknown = request.body;
        const field =
          typeof body === 'object' && body !== null ? (body as { accessToken?: unknown }).accessToken : undefined;
        if (!guard.authorize(request, reply, field)) return reply;
      },
    },
    async (request, reply) => {
      const post = await createPost(db, request.body);
      caches.invalidate();
      return reply.code(201).header('location', `/api/blogs/${post.id}`).send(post);
    },
  );
};
